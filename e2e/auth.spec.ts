import { authPaths, messages, validation } from '@sandbox/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { runProductInBrowser, toastOn } from './support/inBrowser.js';
import {
  aNewUser,
  fillSignUp,
  openSignIn,
  signIn,
  signUp,
  signUpAndVerifyByApi,
} from './support/journeys.js';
import { lastMailTo, type RunningProduct } from './support/server.js';

let product: RunningProduct;
let page: Page;

runProductInBrowser({ product: (p) => (product = p), page: (p) => (page = p) });

const toast = (text: string) => toastOn(page, text);
const mailsTo = async (email: string) => (await product.outbox()).filter((m) => m.to === email).length;

describe('sign-up, verification and sign-in', () => {
  it('takes a new user from sign-up through the mailed link to the dashboard and back out', async () => {
    const user = aNewUser();
    await signUp(page, user);
    await page.waitForURL('**/signin', { timeout: 15_000 });

    const mail = await lastMailTo(product, user.email);
    expect(mail.subject).toMatch(/verify/i);
    const link = new URL(mail.links[0]);
    expect(link.pathname).toMatch(/^\/verification\/[\w-]+\/false\/\d+$/);

    await page.goto(link.pathname);
    await page.getByRole('heading', { name: 'Email verified' }).waitFor();
    const countdown = page.getByTestId('countdown');
    const first = Number(await countdown.textContent());
    expect(first).toBeGreaterThanOrEqual(9);
    await expect
      .poll(async () => Number(await countdown.textContent()), { timeout: 5000 })
      .toBeLessThan(first);
    await page.waitForURL('**/signin', { timeout: 15_000 });

    await signIn(page, user.username, user.password);
    await page.waitForURL('**/dashboard');
    await toast(messages.loginSuccess).waitFor();
    await page.getByRole('heading', { name: 'All APIs' }).waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('roleId'))).toBe('3');

    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('button', { name: 'Sign Out' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Sign out' });
    await dialog.getByText(messages.signOutText).waitFor();
    await dialog.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL('**/signin');
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
    await page.goto('/dashboard');
    await page.waitForURL('**/signin');
  });

  it('signs in with the e-mail address too', async () => {
    const user = await signUpAndVerifyByApi(product);
    await signIn(page, user.email, user.password);
    await page.waitForURL('**/dashboard');
  });

  it('says the credentials are wrong for a wrong password', async () => {
    const user = await signUpAndVerifyByApi(product);
    await signIn(page, user.username, 'Wrong!pass1');
    await toast(messages.loginFailed).waitFor();
    expect(page.url()).toContain('/signin');
  });

  it('asks an unverified user to verify and resends the link', async () => {
    const user = aNewUser();
    await signUp(page, user);
    await page.waitForURL('**/signin', { timeout: 15_000 });
    await signIn(page, user.email, user.password);
    await toast(messages.loginUnverified).waitFor();
    await page.getByRole('button', { name: messages.resendVerificationEmail }).click();
    await toast(messages.resendSuccess).waitFor();
    expect((await product.outbox()).filter((m) => m.to === user.email)).toHaveLength(2);
  });

  it('refuses a taken username', async () => {
    const user = aNewUser();
    await signUp(page, user);
    await page.waitForURL('**/signin', { timeout: 15_000 });
    await signUp(page, { ...aNewUser(), username: user.username });
    await toast(messages.registerFailed).waitFor();
  });

  it('shows every sign-up rule under its field', async () => {
    await fillSignUp(page, { ...aNewUser(), email: 'not-an-email', password: 'weakpass' });
    await page.getByLabel('First Name').fill('');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText(validation.firstNameRequired).waitFor();
    await page.getByText(validation.emailInvalid).waitFor();
    await page.getByText(validation.passwordStrength).waitFor();
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByText(validation.signupPasswordMin).waitFor();
  });

  it('shows the sign-in rules under their fields', async () => {
    await signIn(page, '', '123');
    await page.getByText(validation.usernameRequired).waitFor();
    await page.getByText(validation.signinPasswordMin).waitFor();
  });

  it('says so on the form when the code a sign-in needs cannot be fetched, and signs in after a reload', async () => {
    const user = await signUpAndVerifyByApi(product);
    await openSignIn(page);
    // the screen is drawn; what its submit fetches on first use is lost on the way
    await page.route('**/assets/**', (route) => route.abort('internetdisconnected'));
    await page.getByLabel('Email or Username').fill(user.username);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('alert').filter({ hasText: 'could not be loaded' }).waitFor();
    expect(page.url()).toContain('/signin');

    await page.unroute('**/assets/**');
    await signIn(page, user.username, user.password);
    await page.waitForURL('**/dashboard');
  });

  it('says a used or forged verification link is invalid', async () => {
    await page.goto('/verification/not-a-real-token/false/1');
    await page.getByRole('heading', { name: messages.verificationFailed }).waitFor();
  });

  it('resends the verification link from its own page', async () => {
    const user = aNewUser();
    await signUp(page, user);
    await page.waitForURL('**/signin', { timeout: 15_000 });
    await page.goto('/resend-verification');
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Send' }).click();
    await toast(messages.resendSuccess).waitFor();
    await page.waitForURL('**/signin', { timeout: 10_000 });
    await expect.poll(async () => mailsTo(user.email)).toBe(2);
  });

  it('answers an unknown or verified address as a sent link, and mails nothing', async () => {
    const verified = await signUpAndVerifyByApi(product);
    for (const email of [`nobody-${Date.now()}@example.com`, verified.email]) {
      const before = await mailsTo(email);
      await page.goto('/resend-verification');
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Send' }).click();
      await toast(messages.resendSuccess).waitFor();
      await page.waitForURL('**/signin', { timeout: 10_000 });
      expect(await mailsTo(email)).toBe(before);
    }
  });

  it('says the address is incorrect when a real failure happens', async () => {
    const email = `nobody-limited-${Date.now()}@example.com`;
    // Five requests in fifteen minutes use up the address's allowance, known or not.
    for (let i = 0; i < 5; i++) await fetch(`${product.url}${authPaths.resendVerification(email)}`);
    await page.goto('/resend-verification');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send' }).click();
    await toast(messages.resendIncorrect).waitFor();
  });
});

describe('the shell', () => {
  it('shows the 404 page for an unknown path, with a way home', async () => {
    await page.goto('/no/such/page');
    await page.getByText(messages.notFoundPage).waitFor();
    expect(await page.getByRole('link', { name: messages.backToHomepage }).getAttribute('href')).toBe(
      '/dashboard',
    );
  });

  it('serves the terms and the privacy policy to anyone', async () => {
    await page.goto('/terms-and-conditions');
    await page.getByRole('heading', { name: 'Terms and Conditions' }).waitFor();
    expect(await page.textContent('body')).toMatch(/18/);
    await page.goto('/privacy-policy');
    await page.getByRole('heading', { name: 'Privacy Policy' }).waitFor();
  });
});
