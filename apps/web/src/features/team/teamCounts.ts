import type { TeamMember } from '@sandbox/contracts';

/** spec §2: the four counters above the member table. */
export function teamCounts(members: TeamMember[]) {
  return {
    active: members.filter((m) => m.isActive).length,
    admins: members.filter((m) => m.roleName === 'Admin').length,
    developers: members.filter((m) => m.roleName === 'Developer').length,
    pending: members.filter((m) => m.status === 'Pending').length,
  };
}
