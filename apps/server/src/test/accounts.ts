import type { RegisterRequest } from '@sandbox/contracts';
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
