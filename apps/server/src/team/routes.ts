import {
  ROLE_ADMIN,
  teamMessages,
  teamPaths,
  ZInviteRequest,
  ZMessageResponse,
  ZRoleChange,
} from '@sandbox/contracts';
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
const tags = ['Team'];
const done = { 200: ZMessageResponse };

export function teamRoutes(app: FastifyInstance, team: TeamService): void {
  const inviteSchema = {
    tags,
    summary: 'Invite someone to the team with a role: they get a verification link',
    body: ZInviteRequest,
    response: done,
  };
  app.post(teamPaths.invite, { ...admin, schema: inviteSchema }, async (request) => {
    const message = await team.invite(currentUser(request), parseWith(ZInviteRequest, request.body));
    return { message };
  });

  const membersSchema = {
    tags,
    summary: "The caller's team: the ids only keep the spec's shape, the caller's team is what counts",
    params: ZMembersParams,
    response: { 200: { description: 'The members, their roles and statuses' } },
  };
  app.get('/api/getTeamMembers/:parentId/:userId', { schema: membersSchema }, (request) => {
    parseWith(ZMembersParams, request.params);
    return team.members(currentUser(request));
  });

  const roleSchema = {
    tags,
    summary: "Change a member's role",
    params: ZMemberParams,
    body: ZRoleChange,
    response: done,
  };
  app.put('/api/team/:memberId/role', { ...admin, schema: roleSchema }, async (request) => {
    const { memberId } = parseWith(ZMemberParams, request.params);
    await team.changeRole(currentUser(request), memberId, parseWith(ZRoleChange, request.body).role);
    return { message: teamMessages.roleChanged };
  });

  const removeSchema = { tags, summary: 'Deactivate a member', params: ZMemberParams, response: done };
  app.delete('/api/team/:memberId', { ...admin, schema: removeSchema }, async (request) => {
    const { memberId } = parseWith(ZMemberParams, request.params);
    await team.deactivate(currentUser(request), memberId);
    return { message: teamMessages.deactivated };
  });
}
