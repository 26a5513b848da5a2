import { ROLE_ADMIN, validation } from '@sandbox/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, signUp, signUpAndVerify, verificationLinkFor, verify } from '../../test/support/accounts.js';
import { dialects } from '../../test/support/scratchDatabase.js';
import { aRegistration, startTestApp, type TestApp } from '../../test/support/testApp.js';
import { authMessages } from './service.js';

describe.each(dialects)('accounts on %s', (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(dialect);
  });
  afterAll(() => app.close());

  const post = (url: string, payload?: object) => app.server.inject({ method: 'POST', url, payload });

  it('mails a verification link to a new sign-up', async () => {
    const registration = await signUp(app);
    const link = await verificationLinkFor(app, registration.emailAddress);
    expect(link.origin).toBe('http://sandbox.test');
    expect(link.pathname).toMatch(/^\/verification\/[\w-]{40,}\/false\/\d+$/);
  });

  it('refuses to sign in before the e-mail is verified, with 400', async () => {
    const registration = await signUp(app);
    const res = await signIn(app, registration.username, registration.password);
    expect(res.statusCode).toBe(400);
  });

  it('signs in by username or e-mail after verification, as the Admin of a new team', async () => {
    const registration = await signUp(app);
    expect((await verify(app, registration.emailAddress)).statusCode).toBe(200);
    for (const login of [registration.username, registration.emailAddress.toUpperCase()]) {
      const res = await signIn(app, login, registration.password);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.jwt).toEqual(expect.any(String));
      expect(body.user).toMatchObject({
        roleId: ROLE_ADMIN,
        parentUserId: null,
        username: registration.username,
      });
    }
  });

  it('accepts a verification link once only: followed again, it says the address is already verified', async () => {
    const registration = await signUp(app);
    expect((await verify(app, registration.emailAddress)).json()).not.toHaveProperty('alreadyVerified');
    const again = await verify(app, registration.emailAddress);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: authMessages.alreadyVerified, alreadyVerified: true });
  });

  it('refuses a verification token presented for another user id', async () => {
    const registration = await signUp(app);
    const link = await verificationLinkFor(app, registration.emailAddress);
    const [, , token, , userId] = link.pathname.split('/');
    const res = await post(`/api/v1/auth/verification/${token}/false/${Number(userId) + 1000}`);
    expect(res.statusCode).toBe(400);
    expect((await post(`/api/v1/auth/verification/${token}`)).statusCode).toBe(200);
  });

  it('refuses wrong passwords and unknown users with 403', async () => {
    const { registration } = await signUpAndVerify(app);
    expect((await signIn(app, registration.username, 'Wrong!pass1')).statusCode).toBe(403);
    expect((await signIn(app, 'nobody-here', 'Wrong!pass1')).statusCode).toBe(403);
  });

  it('refuses a taken username or e-mail with 409, whatever the case', async () => {
    const registration = await signUp(app);
    const again = await post(
      '/api/v1/auth/register',
      aRegistration({ username: registration.username.toUpperCase() }),
    );
    expect(again.statusCode).toBe(409);
    const sameMail = await post(
      '/api/v1/auth/register',
      aRegistration({ emailAddress: registration.emailAddress }),
    );
    expect(sameMail.statusCode).toBe(409);
  });

  it('applies the sign-up rules of the spec and writes nothing on failure', async () => {
    const weak = aRegistration({ password: 'weakpassword' });
    const res = await post('/api/v1/auth/register', weak);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(validation.passwordStrength);
    const bad = await post('/api/v1/auth/register', aRegistration({ emailAddress: 'not-an-email' }));
    expect(bad.json().message).toBe(validation.emailInvalid);
    const missing = await post('/api/v1/auth/register', { username: 'x' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toContain('firstName');
    expect((await post('/api/v1/auth/register', { ...weak, password: 'Str0ng!pass' })).statusCode).toBe(201);
  });

  it('resends a verification link whose new token works', async () => {
    const registration = await signUp(app);
    const res = await app.server.inject(`/api/v1/auth/resendVerificationLink/${registration.emailAddress}`);
    expect(res.statusCode).toBe(200);
    expect((await app.outbox()).filter((m) => m.to === registration.emailAddress)).toHaveLength(2);
    expect((await verify(app, registration.emailAddress)).statusCode).toBe(200);
  });

  it('answers an unknown or verified address as it answers a sent link, and mails nothing', async () => {
    const resend = (email: string) => app.server.inject(`/api/v1/auth/resendVerificationLink/${email}`);
    const { registration } = await signUpAndVerify(app);
    const sent = (await resend((await signUp(app)).emailAddress)).json();
    expect(sent).toEqual({ message: authMessages.linkSent });
    const before = (await app.outbox()).length;
    for (const email of [registration.emailAddress, 'nobody@example.com']) {
      const res = await resend(email);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(sent);
    }
    expect((await app.outbox()).length).toBe(before);
  });

  it('limits requests for an unknown address as it limits those for a known one', async () => {
    const resend = (email: string) => app.server.inject(`/api/v1/auth/resendVerificationLink/${email}`);
    const known = (await signUp(app)).emailAddress;
    for (const email of [known, 'nobody-limited@example.com']) {
      for (let i = 0; i < 5; i++) expect((await resend(email)).statusCode).toBe(200);
      expect((await resend(email)).statusCode).toBe(429);
    }
    expect((await resend('not-an-address')).statusCode).toBe(400);
  });

  it('rate-limits repeated failed sign-ins to one account', async () => {
    const { registration } = await signUpAndVerify(app);
    for (let i = 0; i < 10; i++) await signIn(app, registration.username, `Wrong!pass${i}`);
    const blocked = await signIn(app, registration.username, registration.password);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('answers the session user to a valid token and 403 to a missing, bad or forged one', async () => {
    const { auth, registration } = await signUpAndVerify(app);
    const me = await app.server.inject({ url: '/api/v1/auth/me', headers: auth });
    expect(me.json()).toMatchObject({
      username: registration.username,
      emailAddress: registration.emailAddress,
    });
    const anonymous = await app.server.inject('/api/v1/auth/me');
    expect(anonymous.statusCode).toBe(403);
    expect(anonymous.json().reason).toBeUndefined();
    const forged = { authorization: `${auth.authorization.slice(0, -4)}AAAA` };
    expect((await app.server.inject({ url: '/api/v1/auth/me', headers: forged })).statusCode).toBe(403);
  });
});

describe('session expiry', () => {
  it('refuses a session token once it has expired', async () => {
    let later = 0;
    const app = await startTestApp('sqlite', { JWT_TTL: '1s' }, { clock: () => Date.now() + later });
    try {
      const { auth } = await signUpAndVerify(app);
      expect((await app.server.inject({ url: '/api/v1/auth/me', headers: auth })).statusCode).toBe(200);
      later = 2000; // past the session's 1 s
      expect((await app.server.inject({ url: '/api/v1/auth/me', headers: auth })).statusCode).toBe(403);
    } finally {
      await app.close();
    }
  });
});
