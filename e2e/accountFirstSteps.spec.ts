// What a first-time user met on the account screens: a locked-out sign-in, a deleted account's
// sandboxes and address, and verification links followed again.
import { authPaths, messages } from '@sandbox/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { runProductInBrowser, toastOn } from './support/inBrowser.js';
import {
  aNewUser,
  deployByApi,
  importApiAs,
  ORDERS_DOCUMENT,
  openSidebarDialog,
  sessionTokenOf,
  signedInUser,
  signIn,
  signUp,
  signUpAndVerifyByApi,
  signUpByApi,
} from './support/journeys.js';
import type { RunningProduct } from './support/server.js';

let product: RunningProduct;
let page: Page;

runProductInBrowser({ product: (p) => (product = p), page: (p) => (page = p) });

const toast = (text: string) => toastOn(page, text);

describe('signing in after too many attempts', () => {
  it('says the attempts were too many and when to try again, not that the right password is wrong', async () => {
    const user = await signUpAndVerifyByApi(product);
    for (let attempt = 1; attempt <= 10; attempt++) {
      const wrong = await fetch(`${product.url}${authPaths.authenticate}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: user.username, password: 'Wrong!pass1' }),
      });
      expect(wrong.status).toBe(403);
    }
    await signIn(page, user.username, user.password);
    await toast(
      'Too many sign-in attempts, so the password was not checked. Try again in 15 minutes.',
    ).waitFor();
    expect(await toast(messages.loginFailed).count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/signin');
  });
});

describe('deleting an account', () => {
  it("says what happens, then takes the owner's sandbox down and frees the address to sign up again", async () => {
    const user = await signedInUser(page, product);
    const jwt = await sessionTokenOf(page);
    const api = await importApiAs(product, jwt, { name: 'Orders', document: ORDERS_DOCUMENT });
    const [orders] = (await deployByApi(product, jwt, api.id)).apiConfigList;
    const sandboxUrl = orders.publicEndPoint as string;
    expect((await fetch(sandboxUrl)).status).toBe(200);

    const settings = await openSidebarDialog(page, 'Settings');
    await settings.getByRole('tab', { name: 'Delete Account' }).click();
    await settings.getByRole('form', { name: 'Delete Account' }).getByLabel('Email').fill(user.email);
    await settings.getByRole('button', { name: 'Delete Account' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete account' });
    await confirm.getByText(/the team’s deployed APIs stop answering at their sandbox addresses/).waitFor();
    await confirm.getByText(/Your email address and username, .* become free to sign up again/).waitFor();
    await confirm.getByRole('button', { name: 'Delete Account' }).click();
    await toast(messages.deactivated).waitFor();
    await page.waitForURL('**/signin');

    const after = await fetch(sandboxUrl);
    const unknown = await fetch(`${product.url}/sandbox/no-such-sandbox/orders`);
    expect(after.status).toBe(404);
    expect(await after.json()).toEqual(await unknown.json());

    await signUp(page, { ...aNewUser(), email: user.email, username: user.username });
    await page.waitForURL('**/signin', { timeout: 15_000 });
    expect(await toast(messages.registerFailed).count()).toBe(0);
  });
});

describe('following a verification link', () => {
  it('offers to sign in at once when the address is verified', async () => {
    await page.goto(await signUpByApi(product, aNewUser()));
    await page.getByRole('heading', { name: 'Email verified' }).waitFor();
    await page.getByRole('button', { name: 'Sign in now' }).click();
    // well before the countdown would have moved on
    await page.waitForURL('**/signin', { timeout: 3000 });
  });

  it('says a link followed again belongs to a verified address, and offers to sign in', async () => {
    const user = aNewUser();
    const link = await signUpByApi(product, user);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Email verified' }).waitFor();
    await page.goto(link);
    await page.getByRole('heading', { name: 'Email already verified' }).waitFor();
    expect(await toast(messages.verificationFailed).count()).toBe(0);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/signin');
  });

  it('keeps the message of an invalid link, and offers to sign in', async () => {
    await page.goto('/verification/not-a-real-token/false/1');
    await page.getByRole('heading', { name: messages.verificationFailed }).waitFor();
    await toast(messages.verificationFailed).waitFor();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/signin');
  });
});
