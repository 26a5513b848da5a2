import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  askForResetCode,
  letResetCodesExpire,
  resetCodeFor,
  resetPassword,
  signIn,
  signUp,
  signUpAndVerify,
} from '../../test/support/accounts.js';
import { dialects } from '../../test/support/scratchDatabase.js';
import { startTestApp, type TestApp } from '../../test/support/testApp.js';
import { accountMessages } from './accountService.js';

const NEW_PASSWORD = 'N3w!secret';

describe.each(dialects)('password reset on %s', (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(dialect);
  });
  afterAll(() => app.close());

  const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('mails a six-digit code and stores only a keyed hash of it', async () => {
    const { registration } = await signUpAndVerify(app);
    expect((await askForResetCode(app, registration.emailAddress)).statusCode).toBe(200);
    const code = await resetCodeFor(app, registration.emailAddress);
    expect(code).toMatch(/^\d{6}$/);
    const rows = await app.db.kysely.selectFrom('password_reset_codes').select('code_hash').execute();
    expect(rows.every((r) => r.code_hash.length === 64 && !r.code_hash.includes(code))).toBe(true);
  });

  it('answers an unknown address or username as it answers a mailed code, and mails nothing', async () => {
    const { registration } = await signUpAndVerify(app);
    const mailed = await askForResetCode(app, registration.emailAddress);
    const before = (await app.outbox()).length;
    for (const login of ['nobody@example.com', 'nobody-by-this-name']) {
      const res = await askForResetCode(app, login);
      expect(res.statusCode).toBe(mailed.statusCode);
      expect(res.json()).toEqual(mailed.json());
    }
    expect(mailed.json()).toEqual({ message: accountMessages.codeSent });
    expect((await app.outbox()).length).toBe(before);
  });

  it('sets the new password with the right code, by username or e-mail, with PUT or POST', async () => {
    for (const method of ['PUT', 'POST'] as const) {
      const { registration } = await signUpAndVerify(app);
      await askForResetCode(app, registration.emailAddress);
      const otp = await resetCodeFor(app, registration.emailAddress);
      const login = method === 'PUT' ? registration.username : registration.emailAddress;
      const res = await resetPassword(app, { username: login, otp, password: NEW_PASSWORD }, method);
      expect(res.statusCode).toBe(200);
      expect((await signIn(app, registration.username, NEW_PASSWORD)).statusCode).toBe(200);
      expect((await signIn(app, registration.username, registration.password)).statusCode).toBe(403);
    }
  });

  it('ends every session the account had before the reset', async () => {
    const { registration, auth } = await signUpAndVerify(app);
    const me = (headers: Record<string, string>) => app.server.inject({ url: '/api/v1/auth/me', headers });
    expect((await me(auth)).statusCode).toBe(200);
    await askForResetCode(app, registration.emailAddress);
    const otp = await resetCodeFor(app, registration.emailAddress);
    await resetPassword(app, { username: registration.username, otp, password: NEW_PASSWORD });
    expect((await me(auth)).statusCode).toBe(403);
    const fresh = (await signIn(app, registration.username, NEW_PASSWORD)).json();
    expect((await me({ authorization: `Bearer ${fresh.jwt}` })).statusCode).toBe(200);
  });

  it('refuses to use the same code twice', async () => {
    const { registration } = await signUpAndVerify(app);
    await askForResetCode(app, registration.emailAddress);
    const otp = await resetCodeFor(app, registration.emailAddress);
    const body = { username: registration.username, otp, password: NEW_PASSWORD };
    expect((await resetPassword(app, body)).statusCode).toBe(200);
    const again = await resetPassword(app, { ...body, password: 'Other!pass9' });
    expect(again.statusCode).toBe(401);
    expect((await signIn(app, registration.username, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses the right code after five wrong tries', async () => {
    const { registration } = await signUpAndVerify(app);
    await askForResetCode(app, registration.emailAddress);
    const otp = await resetCodeFor(app, registration.emailAddress);
    for (let i = 0; i < 5; i++) {
      const res = await resetPassword(app, {
        username: registration.username,
        otp: wrongCode(otp),
        password: NEW_PASSWORD,
      });
      expect(res.statusCode).toBe(401);
    }
    const sixth = await resetPassword(app, { username: registration.username, otp, password: NEW_PASSWORD });
    expect(sixth.statusCode).toBe(401);
    expect((await signIn(app, registration.username, registration.password)).statusCode).toBe(200);
  });

  it('accepts the right code after four wrong tries', async () => {
    const { registration } = await signUpAndVerify(app);
    await askForResetCode(app, registration.emailAddress);
    const otp = await resetCodeFor(app, registration.emailAddress);
    for (let i = 0; i < 4; i++) {
      await resetPassword(app, {
        username: registration.username,
        otp: wrongCode(otp),
        password: NEW_PASSWORD,
      });
    }
    const fifth = await resetPassword(app, { username: registration.username, otp, password: NEW_PASSWORD });
    expect(fifth.statusCode).toBe(200);
  });

  it('refuses a code once ten minutes have passed', async () => {
    const { registration } = await signUpAndVerify(app);
    await askForResetCode(app, registration.emailAddress);
    const otp = await resetCodeFor(app, registration.emailAddress);
    await letResetCodesExpire(app, registration.emailAddress);
    const res = await resetPassword(app, { username: registration.username, otp, password: NEW_PASSWORD });
    expect(res.statusCode).toBe(401);
  });

  it('accepts only the latest code mailed', async () => {
    const { registration } = await signUpAndVerify(app);
    await askForResetCode(app, registration.emailAddress);
    const first = await resetCodeFor(app, registration.emailAddress);
    await askForResetCode(app, registration.emailAddress);
    const second = await resetCodeFor(app, registration.emailAddress);
    if (first !== second) {
      const old = await resetPassword(app, {
        username: registration.username,
        otp: first,
        password: NEW_PASSWORD,
      });
      expect(old.statusCode).toBe(401);
    }
    const res = await resetPassword(app, {
      username: registration.username,
      otp: second,
      password: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
  });

  it("refuses one account's code for another account", async () => {
    const alice = await signUpAndVerify(app);
    const bob = await signUpAndVerify(app);
    await askForResetCode(app, alice.registration.emailAddress);
    const otp = await resetCodeFor(app, alice.registration.emailAddress);
    await askForResetCode(app, bob.registration.emailAddress);
    const res = await resetPassword(app, {
      username: bob.registration.username,
      otp,
      password: NEW_PASSWORD,
    });
    // Bob's own code could equal Alice's by chance (one in a million); the hash is keyed per user anyway.
    expect(res.statusCode === 401 || otp === (await resetCodeFor(app, bob.registration.emailAddress))).toBe(
      true,
    );
  });

  it('answers 401 without a code requested, and 400 for a too-short password', async () => {
    const registration = await signUp(app);
    const none = await resetPassword(app, {
      username: registration.username,
      otp: '123456',
      password: NEW_PASSWORD,
    });
    expect(none.statusCode).toBe(401);
    const short = await resetPassword(app, {
      username: registration.username,
      otp: '123456',
      password: '12345',
    });
    expect(short.statusCode).toBe(400);
  });

  it('limits reset mails to five per address in fifteen minutes, known or not', async () => {
    const { registration } = await signUpAndVerify(app);
    for (const login of [registration.emailAddress, 'nobody-limited@example.com']) {
      for (let i = 0; i < 5; i++) expect((await askForResetCode(app, login)).statusCode).toBe(200);
      expect((await askForResetCode(app, login)).statusCode).toBe(429);
    }
  });
});
