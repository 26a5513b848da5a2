import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addInvitedMember,
  addVerifiedMember,
  backdateVerification,
  setPassword,
  signIn,
  signUp,
  signUpAndVerify,
  verify,
} from '../../test/support/accounts.js';
import { dialects } from '../../test/support/scratchDatabase.js';
import { startTestApp, type TestApp } from '../../test/support/testApp.js';
import { accountMessages } from './accountService.js';

const PASSWORD = 'Member1pass';
const REFUSED = { statusCode: 401, body: { message: accountMessages.setPasswordRefused } };

describe.each(dialects)('an invited member setting a password on %s', (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(dialect);
  });
  afterAll(() => app.close());

  const answer = (res: { statusCode: number; json(): unknown }) => ({
    statusCode: res.statusCode,
    body: res.json(),
  });

  it('lets a verified member set a password once with the secret of their link, then sign in', async () => {
    const owner = await signUpAndVerify(app);
    const member = await addVerifiedMember(app, owner.user.id);
    expect((await setPassword(app, member.id, PASSWORD, member.setPasswordToken)).statusCode).toBe(200);
    const session = await signIn(app, member.username, PASSWORD);
    expect(session.statusCode).toBe(200);
    expect(session.json().user).toMatchObject({ parentUserId: owner.user.id });
    expect(answer(await setPassword(app, member.id, 'Another1pass', member.setPasswordToken))).toEqual(
      REFUSED,
    );
  });

  it('refuses a password set by the member id alone, after the member verified', async () => {
    const owner = await signUpAndVerify(app);
    const member = await addVerifiedMember(app, owner.user.id);
    expect(answer(await setPassword(app, member.id, 'Attacker1pass'))).toEqual(REFUSED);
    expect((await signIn(app, member.username, 'Attacker1pass')).statusCode).toBe(403);
    expect((await setPassword(app, member.id, PASSWORD, member.setPasswordToken)).statusCode).toBe(200);
  });

  it('answers every refused id alike, so the answer tells nothing about the account', async () => {
    const owner = await signUpAndVerify(app);
    const member = await addVerifiedMember(app, owner.user.id);
    const other = await addVerifiedMember(app, owner.user.id);
    const { member: unverified } = await addInvitedMember(app, owner.user.id);
    const done = await addVerifiedMember(app, owner.user.id);
    await setPassword(app, done.id, PASSWORD, done.setPasswordToken);
    const late = await addVerifiedMember(app, owner.user.id);
    await backdateVerification(app, late.id, 31);

    const refusals = [
      await setPassword(app, 999_999, PASSWORD, member.setPasswordToken),
      await setPassword(app, owner.user.id, PASSWORD, member.setPasswordToken),
      await setPassword(app, unverified.id, PASSWORD, member.setPasswordToken),
      await setPassword(app, member.id, PASSWORD, 'a-guessed-secret'),
      await setPassword(app, member.id, PASSWORD, other.setPasswordToken),
      await setPassword(app, member.id, PASSWORD, ''),
      await setPassword(app, done.id, PASSWORD, done.setPasswordToken),
      await setPassword(app, late.id, PASSWORD, late.setPasswordToken),
    ];
    for (const res of refusals) expect(answer(res)).toEqual(REFUSED);
    expect((await signIn(app, owner.registration.username, owner.registration.password)).statusCode).toBe(
      200,
    );
  });

  it('keeps only a hash of the secret, and forgets it once the password is set', async () => {
    const owner = await signUpAndVerify(app);
    const member = await addVerifiedMember(app, owner.user.id);
    expect(member.setPasswordToken).toMatch(/^[\w-]{43}$/);
    const stored = () =>
      app.db.kysely
        .selectFrom('users')
        .select('set_password_hash')
        .where('id', '=', member.id)
        .executeTakeFirstOrThrow();
    const { set_password_hash } = await stored();
    expect(set_password_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(set_password_hash).not.toContain(member.setPasswordToken);
    await setPassword(app, member.id, PASSWORD, member.setPasswordToken);
    expect((await stored()).set_password_hash).toBeNull();
  });

  it('hands no secret to a team owner verifying their own address', async () => {
    const registration = await signUp(app);
    const verified = await verify(app, registration.emailAddress);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).not.toHaveProperty('setPasswordToken');
  });

  it('applies the set-password rule', async () => {
    const owner = await signUpAndVerify(app);
    const member = await addVerifiedMember(app, owner.user.id);
    const res = await setPassword(app, member.id, 'alllowercase1', member.setPasswordToken);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'Password must be at least 8 characters, include an uppercase letter and a number.',
    );
    expect((await setPassword(app, member.id, PASSWORD, member.setPasswordToken)).statusCode).toBe(200);
  });
});
