import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addVerifiedMember, setPassword, signIn, signUpAndVerify } from '../../test/support/accounts.js';
import { dialects } from '../../test/support/scratchDatabase.js';
import { startTestApp, type TestApp } from '../../test/support/testApp.js';

const NEW_PASSWORD = 'N3w!secret';

describe.each(dialects)('changing a password and deactivating an account on %s', (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(dialect);
  });
  afterAll(() => app.close());

  const changePassword = (headers: Record<string, string>, payload: object) =>
    app.server.inject({ method: 'POST', url: '/api/v1/auth/change-password', headers, payload });
  const unregister = (headers: Record<string, string>, id: number) =>
    app.server.inject({ method: 'DELETE', url: `/api/v1/auth/unregister/${id}`, headers });
  const me = (headers: Record<string, string>) => app.server.inject({ url: '/api/v1/auth/me', headers });

  it('changes the signed-in user’s password when the current one is right', async () => {
    const { registration, auth } = await signUpAndVerify(app);
    const res = await changePassword(auth, {
      username: registration.username,
      oldPassword: registration.password,
      newPassword: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect((await signIn(app, registration.username, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await signIn(app, registration.username, registration.password)).statusCode).toBe(403);
  });

  it('ends the account’s other sessions and keeps the one that changed the password', async () => {
    const { registration, auth } = await signUpAndVerify(app);
    const elsewhere = (await signIn(app, registration.username, registration.password)).json();
    const other = { authorization: `Bearer ${elsewhere.jwt}` };
    expect((await me(other)).statusCode).toBe(200);

    const res = await changePassword(auth, {
      username: registration.username,
      oldPassword: registration.password,
      newPassword: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect((await me(auth)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(403);
    const fresh = (await signIn(app, registration.username, NEW_PASSWORD)).json();
    expect((await me({ authorization: `Bearer ${fresh.jwt}` })).statusCode).toBe(200);
  });

  it('answers a wrong current password with 400, not 403, and keeps the session', async () => {
    const { registration, auth } = await signUpAndVerify(app);
    const res = await changePassword(auth, {
      username: registration.username,
      oldPassword: 'Wrong!pass1',
      newPassword: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(400);
    expect((await me(auth)).statusCode).toBe(200);
    expect((await signIn(app, registration.username, registration.password)).statusCode).toBe(200);
  });

  it("refuses to change another user's password, with 400", async () => {
    const alice = await signUpAndVerify(app);
    const bob = await signUpAndVerify(app);
    const res = await changePassword(alice.auth, {
      username: bob.registration.username,
      oldPassword: bob.registration.password,
      newPassword: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(400);
    expect((await signIn(app, bob.registration.username, bob.registration.password)).statusCode).toBe(200);
  });

  it('applies the new-password rules and needs a session', async () => {
    const { registration, auth } = await signUpAndVerify(app);
    const weak = await changePassword(auth, {
      username: registration.username,
      oldPassword: registration.password,
      newPassword: 'weakpassword',
    });
    expect(weak.statusCode).toBe(400);
    const anonymous = await changePassword(
      {},
      {
        username: registration.username,
        oldPassword: registration.password,
        newPassword: NEW_PASSWORD,
      },
    );
    expect(anonymous.statusCode).toBe(403);
  });

  it('deactivates one’s own account: the old session token stops working and sign-in is refused', async () => {
    const { registration, auth, user } = await signUpAndVerify(app);
    expect((await unregister(auth, user.id)).statusCode).toBe(200);
    expect((await me(auth)).statusCode).toBe(403);
    expect((await signIn(app, registration.username, registration.password)).statusCode).toBe(403);
  });

  it("refuses to deactivate another user's account, with 400", async () => {
    const alice = await signUpAndVerify(app);
    const bob = await signUpAndVerify(app);
    expect((await unregister(alice.auth, bob.user.id)).statusCode).toBe(400);
    expect((await me(bob.auth)).statusCode).toBe(200);
    expect((await me(alice.auth)).statusCode).toBe(200);
  });

  it("deactivates a team owner's members with the owner", async () => {
    const owner = await signUpAndVerify(app);
    const member = await addVerifiedMember(app, owner.user.id);
    expect((await setPassword(app, member.id, 'Member1pass', member.setPasswordToken)).statusCode).toBe(200);
    expect((await signIn(app, member.username, 'Member1pass')).statusCode).toBe(200);
    const res = await unregister(owner.auth, owner.user.id);
    expect(res.json()).toMatchObject({ membersDeactivated: 1 });
    expect((await signIn(app, member.username, 'Member1pass')).statusCode).toBe(403);
  });

  it('deactivates only the member when a member leaves', async () => {
    const owner = await signUpAndVerify(app);
    const member = await addVerifiedMember(app, owner.user.id);
    await setPassword(app, member.id, 'Member1pass', member.setPasswordToken);
    const session = (await signIn(app, member.username, 'Member1pass')).json();
    const res = await unregister({ authorization: `Bearer ${session.jwt}` }, member.id);
    expect(res.json()).toMatchObject({ membersDeactivated: 0 });
    expect((await me(owner.auth)).statusCode).toBe(200);
  });

  it('mails no reset code for a deactivated account, and answers as for any other', async () => {
    const { registration, auth, user } = await signUpAndVerify(app);
    await unregister(auth, user.id);
    const before = (await app.outbox()).length;
    const res = await app.server.inject(`/api/v1/auth/forgetPassword/${registration.emailAddress}`);
    expect(res.statusCode).toBe(200);
    expect((await app.outbox()).length).toBe(before);
  });
});
