import { z } from 'zod';
import { ZEmail } from './auth.js';
import { MAX_INPUT_LENGTH, ROLE_ADMIN, ROLE_DEVELOPER, ROLE_VIEWER } from './constants.js';
import { validation } from './messages.js';

// spec §7 Tokens, team, tools: the team calls. Role changes and deactivation are ours (spec: not shown).
export const teamPaths = {
  invite: '/api/inviteTeamMember',
  // spec §7: null ids travel as 0.
  members: (parentId: number | string | null, userId: number | string | null) =>
    `/api/getTeamMembers/${parentId ?? 0}/${userId ?? 0}`,
  role: (memberId: number | string) => `/api/team/${memberId}/role`,
  deactivate: (memberId: number | string) => `/api/team/${memberId}`,
} as const;

export const ZRoleId = z.union([z.literal(ROLE_VIEWER), z.literal(ROLE_DEVELOPER), z.literal(ROLE_ADMIN)], {
  error: 'Choose a role: 1 Viewer, 2 Developer or 3 Admin',
});

const bounded = (schema: z.ZodString) => schema.max(MAX_INPUT_LENGTH, validation.tooLong(MAX_INPUT_LENGTH));

// spec §3 Invite. The dialog asks only username, e-mail and role; the rest may be empty.
export const ZInviteRequest = z.object({
  username: bounded(z.string().trim().min(1, validation.usernameRequired)),
  email: ZEmail,
  role: z.coerce.number().pipe(ZRoleId),
  userId: z.union([z.number(), z.string(), z.null()]).optional(),
  firstName: bounded(z.string().trim()).optional().default(''),
  lastName: bounded(z.string().trim()).optional().default(''),
});
export type InviteRequest = z.input<typeof ZInviteRequest>;

/** The invite dialog's fields (spec §5: no rules beyond the e-mail input type). */
export const ZInviteForm = z.object({
  username: z.string().max(MAX_INPUT_LENGTH),
  email: z.string().max(MAX_INPUT_LENGTH),
  role: z.number(),
});
export type InviteForm = z.infer<typeof ZInviteForm>;

export const ZRoleChange = z.object({ role: z.coerce.number().pipe(ZRoleId) });
export type RoleChange = z.infer<typeof ZRoleChange>;

export const MEMBER_STATUSES = ['Active', 'Pending', 'Inactive'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

/** spec §3 Team member. */
export interface TeamMember {
  id: number;
  username: string;
  email: string;
  roleId: number;
  roleName: string;
  isActive: boolean;
  /** Pending until the invitation is followed and a password set; Inactive once deactivated. */
  status: MemberStatus;
  /** ISO time the member joined (or was invited, while pending). */
  joined: string;
  isYou: boolean;
  isOwner: boolean;
  parentUserName: string;
}

export const teamMessages = {
  invited: (email: string) => `Invitation sent to ${email}.`,
  taken: 'That username or e-mail address is already in use.',
  roleChanged: 'Role updated.',
  deactivated: 'Member deactivated.',
  notInTeam: 'Team member not found',
  notOnOwner: "The team owner's role and access cannot be changed.",
  notOnYourself: 'You cannot change your own role or deactivate yourself.',
  badTeamIds: 'Team ids must be numbers, 0 or null',
  // spec §8 Team invite and §2 Team Members.
  noMessage: 'No message returned from server.',
  failed: 'Sorry, something went wrong. Try again.',
  noMembers: 'No members found',
} as const;
