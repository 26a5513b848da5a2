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
