import { ROLE_NAMES, type TeamMember, teamMessages, type ZInviteRequest } from '@sandbox/contracts';
import type { z } from 'zod';
import type { User, UserStore } from '../auth/service.js';
import { newVerificationToken, teamOf, verificationUrl } from '../auth/service.js';
import { Conflict, Invalid, NotFound } from '../http/errors.js';
import type { Mailer } from '../mail/mailer.js';
import type { MemberRow, TeamStore } from './store.js';

interface TeamDeps {
  store: TeamStore;
  users: UserStore;
  mailer: Mailer;
  publicUrl: string;
}

export type Invite = z.output<typeof ZInviteRequest>;

/** A member who has not followed the invitation and set a password is still Pending. */
function statusOf(row: MemberRow): TeamMember['status'] {
  if (!row.isActive) return 'Inactive';
  return row.hasPassword && row.isVerified ? 'Active' : 'Pending';
}

/** Invitations, the member list, role changes and deactivation inside the caller's team (DESIGN §5). */
export function createTeamService({ store, users, mailer, publicUrl }: TeamDeps) {
  async function ownerOf(user: User): Promise<User> {
    const owner = user.parentUserId === null ? user : await users.findById(user.parentUserId);
    if (!owner) throw new NotFound(teamMessages.notInTeam);
    return owner;
  }

  /** Another member of the caller's team, never the owner nor the caller (400). */
  async function otherMember(user: User, memberId: number): Promise<User> {
    const member = await users.findById(memberId);
    if (!member || (member.id !== teamOf(user) && member.parentUserId !== teamOf(user))) {
      throw new NotFound(teamMessages.notInTeam);
    }
    if (member.parentUserId === null) throw new Invalid(teamMessages.notOnOwner);
    if (member.id === user.id) throw new Invalid(teamMessages.notOnYourself);
    return member;
  }

  return {
    async invite(user: User, input: Invite): Promise<string> {
      if (await users.isTaken(input.username, input.email)) throw new Conflict(teamMessages.taken);
      const owner = await ownerOf(user);
      const token = newVerificationToken();
      let member: User;
      try {
        member = await users.createWithVerification(
          {
            firstName: input.firstName,
            lastName: input.lastName,
            email: input.email,
            username: input.username,
            passwordHash: null,
            roleId: input.role,
            parentUserId: owner.id,
            isNewsletterSubscribed: false,
          },
          token,
        );
      } catch (error) {
        // Two invitations racing for the same name: the unique index decides.
        if (await users.isTaken(input.username, input.email)) throw new Conflict(teamMessages.taken);
        throw error;
      }
      const link = verificationUrl(publicUrl, token.raw, true, member.id);
      await mailer.send({
        to: member.email,
        subject: `${user.username} invited you to the ${owner.username} team on API Sandbox`,
        text: `Hello ${input.firstName || member.username},\n\n${user.username} invited you to join the ${owner.username} team on API Sandbox as ${ROLE_NAMES[member.roleId]}.\n\nAccept the invitation and choose your password by opening this link:\n\n${link}\n\nThe link works once and expires in 24 hours; after opening it, set your password within 30 minutes. If you did not expect this mail, ignore it.\n`,
      });
      return teamMessages.invited(member.email);
    },

    async members(user: User): Promise<TeamMember[]> {
      const owner = await ownerOf(user);
      const rows = await store.listTeam(owner.id);
      return rows.map((row) => {
        const status = statusOf(row);
        return {
          id: row.id,
          username: row.username,
          email: row.email,
          roleId: row.roleId,
          roleName: ROLE_NAMES[row.roleId] ?? 'Viewer',
          isActive: status === 'Active',
          status,
          joined: row.verifiedAt ?? row.createdAt,
          isYou: row.id === user.id,
          isOwner: row.parentUserId === null,
          parentUserName: owner.username,
        };
      });
    },

    async changeRole(user: User, memberId: number, roleId: number): Promise<void> {
      const member = await otherMember(user, memberId);
      await store.setRole(member.id, roleId);
    },

    /** The member's sessions stop working at once: the guard only accepts active users. */
    async deactivate(user: User, memberId: number): Promise<void> {
      const member = await otherMember(user, memberId);
      await users.deactivate(member.id);
    },
  };
}

export type TeamService = ReturnType<typeof createTeamService>;
