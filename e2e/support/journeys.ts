import { authPaths } from '@sandbox/contracts';
import type { Page } from 'playwright-core';
import { lastMailTo, type RunningProduct } from './server.js';

let counter = 0;
export function aNewUser() {
  counter += 1;
  const name = `e2e${Date.now().toString(36)}${counter}`;
  return {
    firstName: 'Grace',
    lastName: 'Hopper',
    email: `${name}@example.com`,
    username: name,
    password: 'Str0ng!pass',
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

/** A verified user signed in on `page`, looking at the dashboard. */
export async function signedInUser(page: Page, product: RunningProduct, user = aNewUser()) {
  await signUpAndVerify(page, product, user);
  await signIn(page, user.username, user.password);
  await page.waitForURL('**/dashboard');
  return user;
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

/**
 * A member of `ownerEmail`'s team, invited but without a password, and the path of their verification
 * link. Invitations are another issue, so the row is made through the server's own user store.
 */
export async function addInvitedMember(product: RunningProduct, ownerEmail: string) {
  const { connect } = await import('../../apps/server/src/db/connection.js');
  const { createUserStore } = await import('../../apps/server/src/auth/store.js');
  const { newVerificationToken } = await import('../../apps/server/src/auth/verificationLink.js');
  const db = connect({ dataDir: product.dataDir });
  try {
    const users = createUserStore(db.kysely);
    const owner = await users.findByEmail(ownerEmail);
    if (!owner) throw new Error(`no account ${ownerEmail}`);
    const member = aNewUser();
    const token = newVerificationToken();
    const row = await users.createWithVerification(
      {
        firstName: member.firstName,
        lastName: member.lastName,
        email: member.email,
        username: member.username,
        passwordHash: null,
        roleId: 2,
        parentUserId: owner.id,
        isNewsletterSubscribed: false,
      },
      token,
    );
    return { ...member, id: row.id, verificationPath: `/verification/${token.raw}/true/${row.id}` };
  } finally {
    await db.close();
  }
}

/** Signs up and follows the mailed link through the API: faster when the journey is elsewhere. */
export async function signUpAndVerifyByApi(product: RunningProduct, user = aNewUser()) {
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
  const [, , token, isTeamMember, userId] = new URL(mail.links[0]).pathname
    .split('/')
    .map(decodeURIComponent);
  const verified = await fetch(`${product.url}${authPaths.verify(token, isTeamMember, userId)}`, {
    method: 'POST',
  });
  if (!verified.ok) throw new Error(`verification answered ${verified.status}`);
  return user;
}
