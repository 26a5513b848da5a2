import {
  ROLE_ADMIN,
  ROLE_DEVELOPER,
  ROLE_REFUSAL,
  ROLE_REFUSED_MESSAGE,
  ROLE_VIEWER,
  type TeamMember,
  teamMessages,
  teamPaths,
} from '@sandbox/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, signUpAndVerify } from '../../test/support/accounts.js';
import { importApi } from '../../test/support/catalog.js';
import { petstoreYaml } from '../../test/support/petstore.js';
import { dialects } from '../../test/support/scratchDatabase.js';
import {
  anInvite,
  invitationLinkFor,
  invite,
  invitePending,
  joinTeam,
  MEMBER_PASSWORD,
} from '../../test/support/team/teamJourneys.js';
import { startTestApp, type TestApp } from '../../test/support/testApp.js';

type Auth = { authorization: string };

describe.each(dialects)('the team on %s', (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(dialect);
  });
  afterAll(() => app.close());

  const members = async (auth: Auth, parentId: string | number = 0, userId: string | number = 0) => {
    const res = await app.server.inject({ url: teamPaths.members(parentId, userId), headers: auth });
    expect(res.statusCode).toBe(200);
    return res.json() as TeamMember[];
  };
  const changeRole = (auth: Auth, memberId: number, role: number) =>
    app.server.inject({ method: 'PUT', url: teamPaths.role(memberId), headers: auth, payload: { role } });
  const deactivate = (auth: Auth, memberId: number) =>
    app.server.inject({ method: 'DELETE', url: teamPaths.deactivate(memberId), headers: auth });

  it('mails an invitation whose link opens the team-member verification page', async () => {
    const owner = await signUpAndVerify(app);
    const body = anInvite({ role: ROLE_VIEWER });
    const res = await invite(app, owner.auth, body);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(teamMessages.invited(body.email));
    const link = await invitationLinkFor(app, body.email);
    expect(link.origin).toBe('http://sandbox.test');
    expect(link.pathname).toMatch(/^\/verification\/[\w-]+\/true\/\d+$/);
  });

  it("lists a pending invitation with its role, beside the owner, under the owner's name", async () => {
    const owner = await signUpAndVerify(app);
    const pending = await invitePending(app, owner.auth, ROLE_VIEWER);
    const list = await members(owner.auth, owner.user.id, owner.user.id);
    expect(list).toEqual([
      expect.objectContaining({
        id: owner.user.id,
        roleName: 'Admin',
        status: 'Active',
        isActive: true,
        isYou: true,
        isOwner: true,
        parentUserName: owner.registration.username,
      }),
      expect.objectContaining({
        id: pending.id,
        username: pending.username,
        email: pending.email,
        roleName: 'Viewer',
        status: 'Pending',
        isActive: false,
        isYou: false,
        parentUserName: owner.registration.username,
      }),
    ]);
    expect(Number.isNaN(Date.parse(list[1].joined))).toBe(false);
  });

  it('refuses to invite an e-mail address or a username already in use', async () => {
    const owner = await signUpAndVerify(app);
    const pending = await invitePending(app, owner.auth);
    for (const body of [
      anInvite({ email: pending.email }),
      anInvite({ username: pending.username.toUpperCase() }),
      anInvite({ email: owner.registration.emailAddress }),
    ]) {
      const res = await invite(app, owner.auth, body);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(teamMessages.taken);
    }
  });

  it('refuses invitations from Developers and Viewers as a role refusal, and sends no mail', async () => {
    const owner = await signUpAndVerify(app);
    for (const role of [ROLE_VIEWER, ROLE_DEVELOPER]) {
      const member = await joinTeam(app, owner.auth, role);
      const body = anInvite();
      const refused = await invite(app, member.auth, body);
      expect(refused.statusCode).toBe(403);
      // a refusal for the role, not the session: the web app keeps the member signed in
      expect(refused.json()).toEqual({ message: ROLE_REFUSED_MESSAGE, reason: ROLE_REFUSAL });
      expect((await app.outbox()).some((m) => m.to === body.email)).toBe(false);
    }
  });

  it("lets an Admin member invite into the owner's team", async () => {
    const owner = await signUpAndVerify(app);
    const admin = await joinTeam(app, owner.auth, ROLE_ADMIN);
    const pending = await invitePending(app, admin.auth);
    const list = await members(owner.auth);
    expect(list.map((m) => m.id)).toContain(pending.id);
  });

  it("lets an invited member verify, set a password, sign in and work on the owner's APIs", async () => {
    const owner = await signUpAndVerify(app);
    const imported = await importApi(app, owner.auth, petstoreYaml);
    expect(imported.statusCode).toBe(201);
    const member = await joinTeam(app, owner.auth, ROLE_DEVELOPER);
    expect(member.user).toMatchObject({ parentUserId: owner.user.id, roleId: ROLE_DEVELOPER });
    const apis = await app.server.inject({ url: '/api/api-config-master', headers: member.auth });
    expect(apis.json().map((a: { id: number }) => a.id)).toEqual([imported.json().id]);
    const list = await members(member.auth);
    expect(list.find((m) => m.id === member.id)).toMatchObject({
      status: 'Active',
      isActive: true,
      isYou: true,
    });
  });

  it("shows the caller's own team whatever ids the path carries", async () => {
    const owner = await signUpAndVerify(app);
    const stranger = await signUpAndVerify(app);
    const theirs = await members(stranger.auth, owner.user.id, owner.user.id);
    expect(theirs.map((m) => m.id)).toEqual([stranger.user.id]);
    expect((await members(owner.auth, 'null', 'null')).map((m) => m.id)).toEqual([owner.user.id]);
    const bad = await app.server.inject({ url: teamPaths.members('x;drop', 1), headers: owner.auth });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(teamMessages.badTeamIds);
  });

  it("changes a member's role, which holds from the member's next call", async () => {
    const owner = await signUpAndVerify(app);
    const member = await joinTeam(app, owner.auth, ROLE_DEVELOPER);
    const create = () =>
      app.server.inject({
        method: 'POST',
        url: '/api/api-config-master',
        headers: member.auth,
        payload: { apiMasterName: 'Orders', apiDescription: 'Orders', apiVersion: '1.0' },
      });
    expect((await create()).statusCode).toBe(201);
    const res = await changeRole(owner.auth, member.id, ROLE_VIEWER);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(teamMessages.roleChanged);
    expect((await create()).statusCode).toBe(403);
    expect((await members(owner.auth)).find((m) => m.id === member.id)?.roleName).toBe('Viewer');
    expect((await changeRole(owner.auth, member.id, 7)).statusCode).toBe(400);
  });

  it('deactivates a member, whose session and password stop working at once', async () => {
    const owner = await signUpAndVerify(app);
    const member = await joinTeam(app, owner.auth, ROLE_DEVELOPER);
    const res = await deactivate(owner.auth, member.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(teamMessages.deactivated);
    expect(
      (await app.server.inject({ url: '/api/api-config-master', headers: member.auth })).statusCode,
    ).toBe(403);
    expect((await signIn(app, member.username, MEMBER_PASSWORD)).statusCode).toBe(403);
    expect((await members(owner.auth)).find((m) => m.id === member.id)).toMatchObject({
      status: 'Inactive',
      isActive: false,
    });
  });

  it('never changes the role of, or deactivates, the owner or oneself', async () => {
    const owner = await signUpAndVerify(app);
    const admin = await joinTeam(app, owner.auth, ROLE_ADMIN);
    for (const [auth, target, message] of [
      [admin.auth, owner.user.id, teamMessages.notOnOwner],
      [owner.auth, owner.user.id, teamMessages.notOnOwner],
      [admin.auth, admin.id, teamMessages.notOnYourself],
    ] as const) {
      for (const res of [await changeRole(auth, target, ROLE_VIEWER), await deactivate(auth, target)]) {
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(message);
      }
    }
  });

  it("answers 404 for another team's member", async () => {
    const owner = await signUpAndVerify(app);
    const member = await joinTeam(app, owner.auth, ROLE_DEVELOPER);
    const stranger = await signUpAndVerify(app);
    expect((await changeRole(stranger.auth, member.id, ROLE_ADMIN)).statusCode).toBe(404);
    expect((await deactivate(stranger.auth, member.id)).statusCode).toBe(404);
    expect((await deactivate(stranger.auth, 999_999)).statusCode).toBe(404);
  });
});
