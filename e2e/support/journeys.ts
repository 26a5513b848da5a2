import { type ApiMaster, apisPaths, authPaths, ROLE_DEVELOPER, teamPaths } from '@sandbox/contracts';
import type { Page } from 'playwright-core';
import { lastMailTo, type RunningProduct } from './server.js';

/** Every user made by aNewUser() has this password. */
const PASSWORD = 'Str0ng!pass';

let counter = 0;
export function aNewUser() {
  counter += 1;
  const name = `e2e${Date.now().toString(36)}${counter}`;
  return {
    firstName: 'Grace',
    lastName: 'Hopper',
    email: `${name}@example.com`,
    username: name,
    password: PASSWORD,
  };
}
export type NewUser = ReturnType<typeof aNewUser>;

/** The sign-in screen opens with the alpha notice; close it. */
export async function openSignIn(page: Page, path = '/signin') {
  await page.goto(path);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
}

export async function fillSignUp(page: Page, user: NewUser) {
  await page.goto('/signup');
  await page.getByLabel('First Name').fill(user.firstName);
  await page.getByLabel('Last Name').fill(user.lastName);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
}

export async function signUp(page: Page, user: NewUser) {
  await fillSignUp(page, user);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Continue' }).click();
}

export async function signIn(page: Page, login: string, password: string) {
  await openSignIn(page);
  await page.getByLabel('Email or Username').fill(login);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** Signs up through the screens and follows the mailed link without waiting for the countdown. */
export async function signUpAndVerify(page: Page, product: RunningProduct, user = aNewUser()) {
  await signUp(page, user);
  await page.waitForURL('**/signin', { timeout: 15_000 });
  const mail = await lastMailTo(product, user.email);
  await page.goto(new URL(mail.links[0]).pathname);
  await page.getByRole('heading', { name: 'Email verified' }).waitFor();
  return user;
}

/**
 * A verified user signed in on `page`, looking at the dashboard. The account is made through the API:
 * the sign-up screens have their own journey (auth.spec.ts), and theirs waits out a 4 s notice.
 */
export async function signedInUser(page: Page, product: RunningProduct, user = aNewUser()) {
  await signUpAndVerifyByApi(product, user);
  await signIn(page, user.username, user.password);
  await page.waitForURL('**/dashboard');
  return user;
}

/** A new user, verified by API, signs in and opens API Copilot. */
export async function openCopilotAsNewUser(page: Page, product: RunningProduct) {
  const user = await signUpAndVerifyByApi(product);
  await signIn(page, user.username, user.password);
  await page.waitForURL('**/dashboard');
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'API Copilot' })
    .click();
  await page.waitForURL('**/prompter');
}

/** Opens Settings or Help from the main navigation. */
export async function openSidebarDialog(page: Page, name: 'Settings' | 'Help') {
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name }).click();
  return page.getByRole('dialog', { name });
}

/** The six-digit code of the last password-reset mail to `email`. */
export async function resetCodeMailedTo(product: RunningProduct, email: string): Promise<string> {
  const mail = await lastMailTo(product, email);
  const code = mail.text.match(/\b\d{6}\b/)?.[0];
  if (!/reset code/i.test(mail.subject) || !code) throw new Error(`no reset code mailed to ${email}`);
  return code;
}

/** A session token of an existing account, through the sign-in call. */
export async function sessionOf(
  product: RunningProduct,
  login: string,
  password = PASSWORD,
): Promise<string> {
  const res = await fetch(`${product.url}${authPaths.authenticate}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: login, password }),
  });
  if (!res.ok) throw new Error(`sign-in of ${login} answered ${res.status}`);
  return (await res.json()).jwt;
}

/**
 * A member invited to the owner's team through the invitation call, still without a password, and
 * the path of the link in their invitation mail. `owner` is an e-mail of a user made by aNewUser().
 */
export async function addInvitedMember(
  product: RunningProduct,
  owner: string | { email: string; password: string },
  role = ROLE_DEVELOPER,
) {
  const { email, password } = typeof owner === 'string' ? { email: owner, password: PASSWORD } : owner;
  const jwt = await sessionOf(product, email, password);
  const member = aNewUser();
  const res = await fetch(`${product.url}${teamPaths.invite}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${jwt}` },
    body: JSON.stringify({ username: member.username, email: member.email, role, userId: 0 }),
  });
  if (!res.ok) throw new Error(`invitation answered ${res.status}`);
  const mail = await lastMailTo(product, member.email);
  const link = mail.links.find((l) => l.includes('/verification/'));
  if (!link) throw new Error(`no invitation link mailed to ${member.email}`);
  const verificationPath = new URL(link).pathname;
  return { ...member, id: Number(verificationPath.split('/').at(-1)), verificationPath };
}

/** Signs up through the API; answers the path of the mailed verification link, not yet followed. */
export async function signUpByApi(product: RunningProduct, user: NewUser): Promise<string> {
  const registered = await fetch(`${product.url}${authPaths.register}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      firstName: user.firstName,
      lastName: user.lastName,
      emailAddress: user.email,
      username: user.username,
      password: user.password,
      isNewsLatterSubscribed: false,
    }),
  });
  if (!registered.ok) throw new Error(`sign-up answered ${registered.status}`);
  const mail = await lastMailTo(product, user.email);
  return new URL(mail.links[0]).pathname;
}

/** Signs up and follows the mailed link through the API: faster when the journey is elsewhere. */
export async function signUpAndVerifyByApi(product: RunningProduct, user = aNewUser()) {
  const [, , token, isTeamMember, userId] = (await signUpByApi(product, user))
    .split('/')
    .map(decodeURIComponent);
  const verified = await fetch(`${product.url}${authPaths.verify(token, isTeamMember, userId)}`, {
    method: 'POST',
  });
  if (!verified.ok) throw new Error(`verification answered ${verified.status}`);
  return user;
}

/** A member who followed the invitation and set a password, through the API; answers how they sign in. */
export async function addMember(product: RunningProduct, ownerEmail: string, role = ROLE_DEVELOPER) {
  const invited = await addInvitedMember(product, ownerEmail, role);
  const [, , token, isTeamMember, userId] = invited.verificationPath.split('/').map(decodeURIComponent);
  const verified = await fetch(`${product.url}${authPaths.verify(token, isTeamMember, userId)}`, {
    method: 'POST',
  });
  if (!verified.ok) throw new Error(`member verification answered ${verified.status}`);
  const { setPasswordToken } = (await verified.json()) as { setPasswordToken?: string };
  const set = await fetch(`${product.url}${authPaths.setPassword(userId)}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ password: invited.password, setPasswordToken }),
  });
  if (!set.ok) throw new Error(`set password answered ${set.status}`);
  return invited;
}

/** A one-endpoint document, for journeys that need an API but not what it answers. */
export const ORDERS_DOCUMENT = `openapi: 3.0.3
info: { title: Orders, version: 1.0.0 }
paths:
  /orders:
    get:
      responses:
        '200':
          description: OK
          content: { application/json: { schema: { type: object, properties: { id: { type: string } } } } }
`;

/** Imports an OpenAPI document as the holder of `jwt`, like the New API dialog does. */
export async function importApiAs(
  product: RunningProduct,
  jwt: string,
  { name, document, isAuthRequired = false }: { name: string; document: string; isAuthRequired?: boolean },
) {
  const form = new FormData();
  form.append('apiName', name);
  form.append('apiDescription', `${name} API`);
  form.append('apiVersion', '1.0');
  form.append('isAuthRequired', String(isAuthRequired));
  form.append('multipartFile', new Blob([document]), 'api.yaml');
  const res = await fetch(`${product.url}${apisPaths.upload}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${jwt}` },
    body: form,
  });
  if (res.status !== 201) throw new Error(`import answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as ApiMaster;
}

/** The session token the signed-in page holds, for arranging data through the API. */
export async function sessionTokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => sessionStorage.getItem('auth-token'));
  if (!token) throw new Error('the page has no session');
  return token;
}

/** Deploys an API through the API; answers it with its sandbox URLs. */
export async function deployByApi(
  product: RunningProduct,
  token: string,
  apiMasterId: number,
): Promise<ApiMaster> {
  const res = await fetch(`${product.url}${apisPaths.publish(apiMasterId)}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  if (!res.ok) throw new Error(`deploy answered ${res.status}`);
  return (await res.json()) as ApiMaster;
}
