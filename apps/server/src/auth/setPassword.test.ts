import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addInvitedMember,
  addVerifiedMember,
  backdateVerification,
  setPassword,
  signIn,
  signUpAndVerify,
} from '../test/accounts.js';
import { dialects } from '../test/scratchDatabase.js';
import { startTestApp, type TestApp } from '../test/testApp.js';
import { accountMessages } from './accountService.js';

const PASSWORD = 'Member1pass';

describe.each(dialects)('an invited member setting a password on %s', (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(dialect);
  });
  afterAll(() => app.close());

  it('lets a verified member set a password once, then sign in with it', async () => {
    const owner = await signUpAndVerify(app);
    const member = await addVerifiedMember(app, owner.user.id);
    expect((await setPassword(app, member.id, PASSWORD)).statusCode).toBe(200);
    const session = await signIn(app, member.username, PASSWORD);
    expect(session.statusCode).toBe(200);
    expect(session.json().user).toMatchObject({ parentUserId: owner.user.id });
    const again = await setPassword(app, member.id, 'Another1pass');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(accountMessages.passwordAlreadySet);
  });

  it('refuses a member who has not verified the e-mail yet', async () => {
    const owner = await signUpAndVerify(app);
    const { member } = await addInvitedMember(app, owner.user.id);
    const res = await setPassword(app, member.id, PASSWORD);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(accountMessages.notVerified);
  });

  it('refuses once thirty minutes have passed since verification', async () => {
    const owner = await signUpAndVerify(app);
    const member = await addVerifiedMember(app, owner.user.id);
    await backdateVerification(app, member.id, 31);
    const res = await setPassword(app, member.id, PASSWORD);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(accountMessages.setPasswordExpired);
  });

  it("refuses to set a team owner's or an unknown user's password", async () => {
    const owner = await signUpAndVerify(app);
    const res = await setPassword(app, owner.user.id, PASSWORD);
    expect(res.statusCode).toBe(400);
    expect((await signIn(app, owner.registration.username, owner.registration.password)).statusCode).toBe(
      200,
    );
    expect((await setPassword(app, 999_999, PASSWORD)).statusCode).toBe(400);
  });

  it('applies the set-password rule', async () => {
    const owner = await signUpAndVerify(app);
    const member = await addVerifiedMember(app, owner.user.id);
    const res = await setPassword(app, member.id, 'alllowercase1');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'Password must be at least 8 characters, include an uppercase letter and a number.',
    );
    expect((await setPassword(app, member.id, PASSWORD)).statusCode).toBe(200);
  });
});
