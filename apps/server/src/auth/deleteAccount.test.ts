import { teamPaths } from '@sandbox/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addVerifiedMember,
  setPassword,
  signIn,
  signUp,
  signUpAndVerify,
} from '../../test/support/accounts.js';
import { deploy } from '../../test/support/sandbox.js';
import { dialects } from '../../test/support/scratchDatabase.js';
import { startTestApp, type TestApp } from '../../test/support/testApp.js';

const ORDERS = `openapi: 3.0.3
info: { title: Orders, version: 1.0.0 }
paths:
  /orders:
    get:
      responses:
        '200': { description: OK, content: { application/json: { schema: { type: array, items: { type: string } } } } }
`;
const MEMBER_PASSWORD = 'Member1pass';

describe.each(dialects)('deleting an account on %s', (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(dialect);
  });
  afterAll(() => app.close());

  const unregister = (auth: { authorization: string }, id: number) =>
    app.server.inject({ method: 'DELETE', url: `/api/v1/auth/unregister/${id}`, headers: auth });

  /** An owner with a deployed API and a member who set their password and signed in. */
  async function teamWithSandbox() {
    const owner = await signUpAndVerify(app);
    const member = await addVerifiedMember(app, owner.user.id);
    await setPassword(app, member.id, MEMBER_PASSWORD, member.setPasswordToken);
    const { jwt } = (await signIn(app, member.username, MEMBER_PASSWORD)).json();
    const sandbox = await deploy(app, owner.auth, ORDERS);
    expect((await sandbox.call('GET', '/orders')).statusCode).toBe(200);
    return { owner, member: { ...member, auth: { authorization: `Bearer ${jwt}` } }, sandbox };
  }

  it("takes down a team owner's sandboxes, which answer as an unknown address does", async () => {
    const { owner, sandbox } = await teamWithSandbox();
    expect((await unregister(owner.auth, owner.user.id)).statusCode).toBe(200);
    const gone = await sandbox.call('GET', '/orders');
    const unknown = await app.server.inject('/sandbox/no-such-sandbox/orders');
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual(unknown.json());
  });

  it("frees the owner's and the members' e-mail addresses and usernames to sign up again", async () => {
    const { owner, member } = await teamWithSandbox();
    expect((await unregister(owner.auth, owner.user.id)).json()).toMatchObject({ membersDeactivated: 1 });
    expect((await signIn(app, member.username, MEMBER_PASSWORD)).statusCode).toBe(403);
    await signUp(app, {
      emailAddress: owner.registration.emailAddress,
      username: owner.registration.username,
    });
    await signUp(app, { emailAddress: member.email, username: member.username });
  });

  it("keeps the team and its sandboxes when a member leaves, and frees the member's address", async () => {
    const { owner, member, sandbox } = await teamWithSandbox();
    expect((await unregister(member.auth, member.id)).statusCode).toBe(200);
    expect((await sandbox.call('GET', '/orders')).statusCode).toBe(200);
    const team = await app.server.inject({ url: teamPaths.members(owner.user.id, 0), headers: owner.auth });
    expect(team.json().map((m: { username: string }) => m.username)).toEqual([owner.registration.username]);
    await signUp(app, { emailAddress: member.email, username: member.username });
  });
});
