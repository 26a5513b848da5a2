import { ROLE_ADMIN, teamMessages, teamPaths, ZInviteRequest, ZRoleChange } from '@sandbox/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { currentUser } from '../auth/guard.js';
import { parseWith } from '../http/validate.js';
import type { TeamService } from './service.js';

// spec §6: only Admins manage the team; everyone in it may see who belongs.
const admin = { config: { minRole: ROLE_ADMIN } };
const ZMemberParams = z.object({ memberId: z.coerce.number().int().positive() });
// spec §7: the web app sends the session's parent id and its own id, null as 0. The caller's team is
// what counts, so the ids are only checked for shape and never select another team.
const teamId = z.string().regex(/^(\d+|null|undefined)$/, teamMessages.badTeamIds);
const ZMembersParams = z.object({ parentId: teamId, userId: teamId });

export function teamRoutes(app: FastifyInstance, team: TeamService): void {
  app.post(teamPaths.invite, admin, async (request) => {
    const message = await team.invite(currentUser(request), parseWith(ZInviteRequest, request.body));
    return { message };
  });

  app.get('/api/getTeamMembers/:parentId/:userId', (request) => {
    parseWith(ZMembersParams, request.params);
    return team.members(currentUser(request));
  });

  app.put('/api/team/:memberId/role', admin, async (request) => {
    const { memberId } = parseWith(ZMemberParams, request.params);
    await team.changeRole(currentUser(request), memberId, parseWith(ZRoleChange, request.body).role);
    return { message: teamMessages.roleChanged };
  });

  app.delete('/api/team/:memberId', admin, async (request) => {
    const { memberId } = parseWith(ZMemberParams, request.params);
    await team.deactivate(currentUser(request), memberId);
    return { message: teamMessages.deactivated };
  });
}
