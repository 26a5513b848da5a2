import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  authPaths,
  FEEDBACK_TEXTAREA_HEIGHT_PX,
  feedbackMessages,
  messages,
  validation,
} from '@sandbox/contracts';
import type { Browser, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage } from './support/browser.js';
import { runProductInBrowser, toastOn } from './support/inBrowser.js';
import {
  addInvitedMember,
  openSidebarDialog,
  openSignIn,
  resetCodeMailedTo,
  signedInUser,
  signIn,
  signUpAndVerifyByApi,
} from './support/journeys.js';
import { lastMailTo, type RunningProduct } from './support/server.js';

const FEEDBACK_TO = 'feedback@sandbox.test';
const NEW_PASSWORD = 'N3w!secret';

let product: RunningProduct;
let browser: Browser;
let page: Page;

runProductInBrowser(
  { product: (p) => (product = p), browser: (b) => (browser = b), page: (p) => (page = p) },
  { FEEDBACK_TO },
);

const toast = (text: string) => toastOn(page, text);
const helper = (text: string) => page.getByText(text, { exact: true });

async function askForCode(email: string) {
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send OTP' }).click();
}

async function fillResetStep(otp: string, password: string, confirm = password) {
  await page.getByLabel('OTP').fill(otp);
  await page.getByLabel('New Password').fill(password);
  await page.getByLabel('Confirm Password').fill(confirm);
  await page.getByRole('button', { name: 'Reset Password' }).click();
}

describe('forgot password', () => {
  it('resets a forgotten password with the mailed code, then signs in with the new one', async () => {
    const user = await signUpAndVerifyByApi(product);
    await askForCode(user.email);
    await toast(messages.otpSent).waitFor();
    const otp = await resetCodeMailedTo(product, user.email);
    const wrong = String((Number(otp) + 1) % 1_000_000).padStart(6, '0');
    await fillResetStep(wrong, NEW_PASSWORD);
    await toast(messages.invalidOtp).waitFor();
    await fillResetStep(otp, NEW_PASSWORD);
    await toast(messages.passwordChanged).waitFor();
    await page.waitForURL('**/signin');
    await signIn(page, user.username, NEW_PASSWORD);
    await page.waitForURL('**/dashboard');
  });

  it('answers an unknown address as a known one, and says a real failure is incorrect', async () => {
    const unknown = `nobody-${Date.now()}@example.com`;
    await askForCode(unknown);
    await toast(messages.otpSent).waitFor();
    await page.getByLabel('OTP').waitFor();
    expect((await product.outbox()).filter((m) => m.to === unknown)).toHaveLength(0);

    // Five requests in fifteen minutes use up the address's allowance, known or not.
    for (let i = 0; i < 4; i++) await fetch(`${product.url}${authPaths.forgotPassword(unknown)}`);
    await askForCode(unknown);
    await toast(messages.forgotPasswordFailed).waitFor();
    expect(await page.getByLabel('OTP').count()).toBe(0);
  });

  it('shows the rules of both steps under their fields', async () => {
    await page.goto('/forgot-password');
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await helper(validation.emailRequired).waitFor();
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await helper(validation.emailInvalid).waitFor();

    const user = await signUpAndVerifyByApi(product);
    await askForCode(user.email);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await helper(validation.otpRequired).waitFor();
    await helper(validation.signinPasswordMin).waitFor();
    await fillResetStep('123456', NEW_PASSWORD, 'Different!1');
    await helper(validation.passwordMismatch).waitFor();
  });

  it('says something went wrong when the reset fails for another reason', async () => {
    const user = await signUpAndVerifyByApi(product);
    await askForCode(user.email);
    await toast(messages.otpSent).waitFor();
    await page.route('**/api/v1/auth/reset-password', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }),
    );
    await fillResetStep('123456', NEW_PASSWORD);
    await toast(messages.somethingWrong).waitFor();
  });
});

describe('settings', () => {
  async function openDeleteTab(dialog: Locator) {
    await dialog.getByRole('tab', { name: 'Delete Account' }).click();
    await dialog.getByRole('tab', { name: 'Delete Account', selected: true }).waitFor();
    await dialog.getByRole('form', { name: 'Delete Account' }).waitFor();
  }

  it('changes the password from Settings, with SHOW/HIDE toggles and both outcomes', async () => {
    const user = await signedInUser(page, product);
    const dialog = await openSidebarDialog(page, 'Settings');
    expect(await dialog.getByRole('tab', { selected: true }).textContent()).toBe('Change Password');
    const current = dialog.getByLabel('Current Password', { exact: true });
    await current.fill('Wrong!pass1');
    expect(await current.getAttribute('type')).toBe('password');
    const toggle = dialog.getByRole('button', { name: 'Show current password' });
    expect(await toggle.textContent()).toBe('SHOW');
    await toggle.click();
    expect(await current.getAttribute('type')).toBe('text');
    expect(await dialog.getByRole('button', { name: 'Hide current password' }).textContent()).toBe('HIDE');
    await dialog.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
    await dialog.getByLabel('Confirm Password', { exact: true }).fill(NEW_PASSWORD);
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await toast(messages.changePasswordFailed).waitFor();
    expect(page.url()).toContain('/dashboard');

    await current.fill(user.password);
    await dialog.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
    await dialog.getByLabel('Confirm Password', { exact: true }).fill(NEW_PASSWORD);
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await toast(messages.passwordChanged).waitFor();

    const fresh = await openPage(browser, product.url);
    page = fresh;
    await signIn(page, user.username, NEW_PASSWORD);
    await page.waitForURL('**/dashboard');
  });

  it('shows every change-password rule under its field', async () => {
    await signedInUser(page, product);
    const dialog = await openSidebarDialog(page, 'Settings');
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await helper(validation.currentPasswordRequired).waitFor();
    await helper(validation.newPasswordRequired).waitFor();
    await helper(validation.confirmPasswordRequired).waitFor();
    await dialog.getByLabel('Current Password', { exact: true }).fill('short');
    await dialog.getByLabel('New Password', { exact: true }).fill('short');
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await helper(validation.currentPasswordMin).waitFor();
    await helper(validation.newPasswordMin).waitFor();
    await dialog.getByLabel('New Password', { exact: true }).fill('longbutweak');
    await helper(validation.passwordStrength).waitFor();
    await dialog.getByLabel('Current Password', { exact: true }).fill('Str0ng!pass');
    await dialog.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
    await dialog.getByLabel('Confirm Password', { exact: true }).fill('Other!pass9');
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await helper(validation.confirmPasswordMatch).waitFor();
  });

  it('deactivates the account once the own e-mail is typed and confirmed, then refuses sign-in', async () => {
    const user = await signedInUser(page, product);
    const dialog = await openSidebarDialog(page, 'Settings');
    await openDeleteTab(dialog);
    const email = dialog.getByLabel('Email');
    const submit = dialog.getByRole('button', { name: 'Delete Account' });
    await submit.click();
    await helper(validation.deleteEmailRequired).waitFor();
    await email.fill('not-an-email');
    await submit.click();
    await helper(validation.deleteEmailInvalid).waitFor();
    await email.fill('someone-else@example.com');
    await submit.click();
    await toast(messages.wrongDeleteEmail).waitFor();
    expect(await page.getByRole('dialog', { name: 'Delete account' }).count()).toBe(0);

    await email.fill(user.email.toUpperCase());
    await submit.click();
    const confirm = page.getByRole('dialog', { name: 'Delete account' });
    await confirm.getByText(/every member of your team is deactivated too/).waitFor();
    await confirm.getByRole('button', { name: 'Delete Account' }).click();
    await toast(messages.deactivated).waitFor();
    await page.waitForURL('**/signin');
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
    await signIn(page, user.username, user.password);
    await toast(messages.loginFailed).waitFor();
  });

  it('says something went wrong when deactivation fails, and keeps the session', async () => {
    const user = await signedInUser(page, product);
    await page.route('**/api/v1/auth/unregister/*', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }),
    );
    const dialog = await openSidebarDialog(page, 'Settings');
    await openDeleteTab(dialog);
    await dialog.getByLabel('Email').fill(user.email);
    await dialog.getByRole('button', { name: 'Delete Account' }).click();
    await page
      .getByRole('dialog', { name: 'Delete account' })
      .getByRole('button', { name: 'Delete Account' })
      .click();
    await toast(messages.somethingWrong).waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('auth-token'))).toBeTruthy();
  });
});

describe('feedback', () => {
  const file = (name: string, text: string) => ({ name, mimeType: 'text/plain', buffer: Buffer.from(text) });

  it('submits a query with attachments, mails it and returns to the dashboard', async () => {
    const user = await signedInUser(page, product);
    const dialog = await openSidebarDialog(page, 'Help');
    await dialog.getByRole('heading', { name: 'Submit Feedback' }).waitFor();
    const submit = dialog.getByRole('button', { name: 'Submit' });
    expect(await submit.isDisabled()).toBe(true);
    const query = dialog.getByLabel('Query');
    const box = await dialog.locator('.MuiInputBase-root').first().boundingBox();
    expect(Math.round(box?.height ?? 0)).toBe(FEEDBACK_TEXTAREA_HEIGHT_PX);
    await query.fill('The deploy switch could use a tooltip.');
    await page
      .getByTestId('feedback-attachments')
      .setInputFiles([file('notes.txt', 'hello'), file('log.csv', 'a,b')]);
    await dialog.getByText('notes.txt, log.csv').waitFor();
    await submit.click();
    await toast(messages.feedbackSent).waitFor();
    await page.waitForURL('**/dashboard');
    const mail = await lastMailTo(product, FEEDBACK_TO);
    expect(mail.subject).toMatch(new RegExp(`from ${user.username}$`));
    expect(mail.text).toContain('The deploy switch could use a tooltip.');
    const stored = readdirSync(join(product.dataDir, 'feedback'));
    expect(stored.length).toBeGreaterThan(0);
  });

  it('asks for a query, checks attachments and reports a refused upload', async () => {
    await signedInUser(page, product);
    const dialog = await openSidebarDialog(page, 'Help');
    const input = page.getByTestId('feedback-attachments');
    await input.setInputFiles([file('notes.txt', 'hello')]);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await helper(validation.queryRequired).waitFor();

    await dialog.getByLabel('Query').fill('Here is a program.');
    await input.setInputFiles([file('setup.exe', 'MZ')]);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await helper(feedbackMessages.blockedType('setup.exe')).waitFor();

    // A program renamed to .txt passes the form but not the server.
    const storedBefore = existsSync(join(product.dataDir, 'feedback'))
      ? readdirSync(join(product.dataDir, 'feedback'))
      : [];
    await input.setInputFiles([file('readme.txt', 'MZ-not-really-text')]);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await toast(messages.somethingWrongTryAgain).waitFor();
    const storedAfter = existsSync(join(product.dataDir, 'feedback'))
      ? readdirSync(join(product.dataDir, 'feedback'))
      : [];
    expect(storedAfter).toEqual(storedBefore);
  });
});

describe('set password for invited members', () => {
  async function verifiedMember() {
    const owner = await signUpAndVerifyByApi(product);
    const member = await addInvitedMember(product, owner.email);
    await page.goto(member.verificationPath);
    await page.getByRole('heading', { name: 'Email verified' }).waitFor();
    await page.getByRole('button', { name: 'Set your password now' }).click();
    await page.waitForURL(`**/set-password/${member.id}`);
    await page.getByRole('heading', { name: 'Set Your Password' }).waitFor();
    return member;
  }

  async function submitPasswords(password: string, confirm = password) {
    await page.getByLabel('New Password').fill(password);
    await page.getByLabel('Confirm Password').fill(confirm);
    await page.getByRole('button', { name: 'Set Password' }).click();
  }

  const bottomRightToast = (text: string) =>
    page.locator('.Toastify__toast-container--bottom-right').getByText(text, { exact: true });

  it('lets a verified member set a password once, then sign in with it', async () => {
    const member = await verifiedMember();
    await submitPasswords('weakpass');
    await helper(validation.setPasswordRule).waitFor();
    await submitPasswords('Member1pass', 'Member2pass');
    await helper(validation.setPasswordMismatch).waitFor();
    await submitPasswords('Member1pass');
    await bottomRightToast(messages.passwordSet).waitFor();
    await page.waitForURL((url) => url.pathname === '/');

    await page.goto(`/set-password/${member.id}`);
    await submitPasswords('Member3pass');
    await bottomRightToast(messages.setPasswordFailed).waitFor();

    await openSignIn(page, '/');
    await page.getByLabel('Email or Username').fill(member.username);
    await page.getByLabel('Password', { exact: true }).fill('Member1pass');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/dashboard');
  });

  it('refuses a password set by the member id alone, from a browser that did not follow the link', async () => {
    const member = await verifiedMember();
    const attacker = await openPage(browser, product.url);
    await attacker.goto(`/set-password/${member.id}`);
    await attacker.getByLabel('New Password').fill('Attacker1pass');
    await attacker.getByLabel('Confirm Password').fill('Attacker1pass');
    await attacker.getByRole('button', { name: 'Set Password' }).click();
    await attacker
      .locator('.Toastify__toast-container--bottom-right')
      .getByText(messages.setPasswordFailed, { exact: true })
      .waitFor();
    await attacker.context().close();

    await submitPasswords('Member1pass');
    await bottomRightToast(messages.passwordSet).waitFor();
  });

  it('shows Setting... while working and says something went wrong when the server is unreachable', async () => {
    await verifiedMember();
    await page.route('**/api/v1/auth/setPassword/*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      await route.abort('connectionrefused');
    });
    await submitPasswords('Member1pass');
    await page.getByRole('button', { name: 'Setting...' }).waitFor();
    await bottomRightToast(messages.setPasswordError).waitFor();
  });
});
