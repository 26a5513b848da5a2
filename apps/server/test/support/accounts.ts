import { type RegisterRequest, ROLE_DEVELOPER } from '@sandbox/contracts';
import { createUserStore } from '../../src/auth/store.js';
import { newVerificationToken } from '../../src/auth/verificationLink.js';
import { aRegistration, type TestApp } from './testApp.js';

/** Product-level steps shared by the integration suites. */
export async function signUp(app: TestApp, overrides: Partial<RegisterRequest> = {}) {
  const registration = aRegistration(overrides);
  const res = await app.server.inject({
    method: 'POST',
    url: '/api/v1/auth/register',
    payload: registration,
  });
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  return registration;
}

export async function verificationLinkFor(app: TestApp, email: string): Promise<URL> {
  const mails = (await app.outbox()).filter((m) => m.to === email);
  const link = mails.at(-1)?.links.find((l) => l.includes('/verification/'));
  if (!link) throw new Error(`no verification mail for ${email}`);
  return new URL(link);
}

export async function verify(app: TestApp, email: string) {
  const link = await verificationLinkFor(app, email);
  return app.server.inject({ method: 'POST', url: `/api/v1/auth${link.pathname}` });
}

export async function signIn(app: TestApp, username: string, password: string) {
  return app.server.inject({
    method: 'POST',
    url: '/api/v1/auth/authenticate',
    payload: { username, password },
  });
}

/** A verified account and its session token. */
export async function signUpAndVerify(app: TestApp, overrides: Partial<RegisterRequest> = {}) {
  const registration = await signUp(app, overrides);
  await verify(app, registration.emailAddress);
  const res = await signIn(app, registration.username, registration.password);
  const { jwt, user } = res.json();
  return { registration, jwt: jwt as string, user, auth: { authorization: `Bearer ${jwt}` } };
}

/** The six-digit code of the last password-reset mail to `email`. */
export async function resetCodeFor(app: TestApp, email: string): Promise<string> {
  const mail = (await app.outbox()).filter((m) => m.to === email && /reset code/i.test(m.subject)).at(-1);
  const code = mail?.text.match(/\b\d{6}\b/)?.[0];
  if (!code) throw new Error(`no reset code mailed to ${email}`);
  return code;
}

export function askForResetCode(app: TestApp, login: string) {
  return app.server.inject(`/api/v1/auth/forgetPassword/${encodeURIComponent(login)}`);
}

export function resetPassword(
  app: TestApp,
  body: { username: string; otp: string; password: string },
  method: 'PUT' | 'POST' = 'PUT',
) {
  return app.server.inject({ method, url: '/api/v1/auth/reset-password', payload: body });
}

/** Moves every reset code of the account past its expiry, as if 10 minutes had gone by. */
export async function letResetCodesExpire(app: TestApp, email: string): Promise<void> {
  const user = await createUserStore(app.db.kysely).findByEmail(email);
  if (!user) throw new Error(`no account ${email}`);
  await app.db.kysely
    .updateTable('password_reset_codes')
    .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
    .where('user_id', '=', user.id)
    .execute();
}

/**
 * A member invited to `ownerId`'s team, still pending (no password): the invitation flow itself is
 * another issue, so the row is made through the user store. Returns the member and its link's path.
 */
export async function addInvitedMember(app: TestApp, ownerId: number) {
  const registration = aRegistration();
  const token = newVerificationToken();
  const member = await createUserStore(app.db.kysely).createWithVerification(
    {
      firstName: registration.firstName,
      lastName: registration.lastName,
      email: registration.emailAddress,
      username: registration.username,
      passwordHash: null,
      roleId: ROLE_DEVELOPER,
      parentUserId: ownerId,
      isNewsletterSubscribed: false,
    },
    token,
  );
  return { member, verificationPath: `/api/v1/auth/verification/${token.raw}/true/${member.id}` };
}

/** An invited member who followed their link and may now set a password with the secret it handed out. */
export async function addVerifiedMember(app: TestApp, ownerId: number) {
  const invited = await addInvitedMember(app, ownerId);
  const res = await app.server.inject({ method: 'POST', url: invited.verificationPath });
  if (res.statusCode !== 200) throw new Error(`member verification failed: ${res.body}`);
  return { ...invited.member, setPasswordToken: res.json().setPasswordToken as string };
}

/** Pretends the member verified their e-mail `minutes` ago. */
export async function backdateVerification(app: TestApp, userId: number, minutes: number): Promise<void> {
  await app.db.kysely
    .updateTable('users')
    .set({ verified_at: new Date(Date.now() - minutes * 60_000).toISOString() })
    .where('id', '=', userId)
    .execute();
}

export function setPassword(app: TestApp, userId: number, password: string, setPasswordToken?: string) {
  return app.server.inject({
    method: 'POST',
    url: `/api/v1/auth/setPassword/${userId}`,
    payload: { password, setPasswordToken },
  });
}
