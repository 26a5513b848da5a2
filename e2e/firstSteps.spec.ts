// What a first-time user trips over (issue 14, items 1, 2, 10 and 13), walked in Chromium.
import {
  apiMessages,
  labMessages,
  messages,
  ROLE_ADMIN,
  ROLE_DEVELOPER,
  ROLE_REFUSED_MESSAGE,
  teamPaths,
} from '@sandbox/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { editorText } from './support/editors.js';
import { followLink, runProductInBrowser, toastOn } from './support/inBrowser.js';
import {
  addMember,
  aNewUser,
  deployByApi,
  importApiAs,
  openSidebarDialog,
  sessionOf,
  sessionTokenOf,
  signIn,
  signUpAndVerifyByApi,
} from './support/journeys.js';
import type { RunningProduct } from './support/server.js';

let product: RunningProduct;
let page: Page;

// The reset code is looked for in the server's log, as a user without SMTP would.
runProductInBrowser({ product: (p) => (product = p), page: (p) => (page = p) }, { LOG_LEVEL: 'info' });

const toast = (text: string) => toastOn(page, text);
const main = () => page.getByRole('main');
const sidebar = () => page.getByRole('navigation', { name: 'APIs' });

const SHOP = `openapi: 3.0.3
info: { title: Shop, version: 1.0.0 }
paths:
  /pet:
    post:
      tags: [pet]
      requestBody:
        content: { application/json: { schema: { type: object, properties: { name: { type: string } } } } }
      responses: { '201': { description: Created } }
  /store/order:
    get:
      tags: [store]
      responses:
        '200':
          description: Orders
          content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Order' } } } }
  /health:
    get:
      responses: { '200': { description: Up } }
components:
  schemas:
    Order:
      type: object
      properties:
        quantity: { type: integer }
        status: { type: string, enum: [placed, delivered] }
`;

/** A new user signed in on the dashboard; `shop` imports (and deploys) the Shop document first. */
async function signedIn({ shop = false, deployed = false } = {}) {
  const user = await signUpAndVerifyByApi(product);
  const jwt = await sessionOf(product, user.email);
  const api = shop ? await importApiAs(product, jwt, { name: 'Shop', document: SHOP }) : undefined;
  if (api && deployed) await deployByApi(product, jwt, api.id);
  await signIn(page, user.username, user.password);
  await page.waitForURL('**/dashboard');
  return { user, jwt, api };
}

async function stillSignedIn(path: string) {
  await page.waitForTimeout(1500);
  expect(new URL(page.url()).pathname).toBe(path);
  expect(await sessionTokenOf(page)).toBeTruthy();
}

/** The code of the last reset mail to `email`, as the server logged it. */
async function resetCodeLogged(email: string): Promise<string> {
  const logged = new RegExp(`"to":"${email}"[^\\n]*"code":"(\\d{6})"`);
  for (let i = 0; i < 50; i++) {
    const code = product.log().match(logged)?.[1];
    if (code) return code;
    await page.waitForTimeout(100);
  }
  throw new Error(`no reset code for ${email} in the server log`);
}

const overlaps = (
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('first steps', () => {
  it('shows each sidebar tag by its full name, and "default" for untagged endpoints', async () => {
    await signedIn({ shop: true });
    await sidebar().getByRole('button', { name: 'Shop', exact: true }).click();
    for (const tag of ['pet', 'store', 'default']) {
      const group = sidebar().getByRole('list', { name: `Shop ${tag}` });
      await group.getByText(tag, { exact: true }).waitFor();
    }
  });

  it('keeps a Developer who opens Manage Team by URL signed in, without an Invite button', async () => {
    const owner = await signUpAndVerifyByApi(product);
    const developer = await addMember(product, owner.email, ROLE_DEVELOPER);
    await signIn(page, developer.username, developer.password);
    await page.waitForURL('**/dashboard');
    await page.goto('/manage-team');
    await main().getByRole('heading', { name: 'Team Members' }).waitFor();
    await main()
      .getByRole('row', { name: new RegExp(developer.username) })
      .waitFor();
    expect(await main().getByRole('button', { name: '+ Invite Member' }).count()).toBe(0);
    await stillSignedIn('/manage-team');
  });

  it('tells a member whose role was lowered that they may not invite, and keeps them signed in', async () => {
    const owner = await signUpAndVerifyByApi(product);
    const admin = await addMember(product, owner.email, ROLE_ADMIN);
    await signIn(page, admin.username, admin.password);
    await page.waitForURL('**/dashboard');
    await page.goto('/manage-team');
    await main().getByRole('button', { name: '+ Invite Member' }).click();

    const demoted = await fetch(`${product.url}${teamPaths.role(admin.id)}`, {
      method: 'PUT',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${await sessionOf(product, owner.email)}`,
      },
      body: JSON.stringify({ role: ROLE_DEVELOPER }),
    });
    expect(demoted.status).toBe(200);

    const dialog = page.getByRole('dialog', { name: 'Invite Team Member' });
    const invited = aNewUser();
    await dialog.getByLabel('Username').fill(invited.username);
    await dialog.getByLabel('Email').fill(invited.email);
    await dialog.getByRole('button', { name: 'Send Invite' }).click();
    await toast(ROLE_REFUSED_MESSAGE).waitFor();
    await stillSignedIn('/manage-team');
  });

  it('clears a failed sign-in toast on success and keeps toasts off "Create New API"', async () => {
    const user = await signUpAndVerifyByApi(product);
    await signIn(page, user.username, 'Wrong!pass1');
    await toast(messages.loginFailed).waitFor();
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/dashboard');
    await toast(messages.loginSuccess).waitFor();
    // gone with the success, not at the end of its own 5 s
    await toast(messages.loginFailed).waitFor({ state: 'detached', timeout: 1500 });

    const button = await main().getByRole('button', { name: 'Create New API' }).boundingBox();
    const shown = await page.locator('.Toastify__toast', { hasText: messages.loginSuccess }).boundingBox();
    if (!button || !shown) throw new Error('the button or the toast is not on screen');
    expect(overlaps(button, shown)).toBe(false);
  });

  it('lists several CSV errors one per line', async () => {
    await signedIn({ shop: true });
    await sidebar().getByRole('button', { name: 'Shop', exact: true }).click();
    await followLink(sidebar().getByRole('link', { name: 'GET /store/order' }));
    await main().getByRole('tab', { name: 'Response' }).click();
    await main().getByRole('button', { name: 'Append Test Data' }).click();
    const dialog = page.getByRole('dialog', { name: 'Test Data' });
    await dialog.getByLabel('CSV file').setInputFiles({
      name: 'orders.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('quantity,status\r\nmany,placed\r\n3,lost\r\n'),
    });
    await dialog.getByRole('button', { name: 'Upload' }).click();
    const shown = page.locator('.Toastify__toast', { hasText: 'Row 2, column quantity' });
    await shown.waitFor();
    const lines = (await shown.innerText()).split('\n').filter((line) => line.trim() !== '');
    expect(lines).toContainEqual(expect.stringMatching(/^Row 2, column quantity/));
    expect(lines).toContainEqual(expect.stringMatching(/^Row 3, column status/));
  });

  it('copies a request with a body as cURL with its Content-Type', async () => {
    await signedIn({ shop: true, deployed: true });
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'API Lab' })
      .click();
    for (const [label, option] of [
      ['API Name', 'Shop'],
      ['Request Method', 'POST /pet'],
    ]) {
      await main().getByRole('combobox', { name: label }).click();
      await page.getByRole('option', { name: option, exact: true }).click();
    }
    // copied once the operation's ready-made body is in the editor, as a user sees it before copying
    await main().getByRole('tablist', { name: 'Request parts' }).getByRole('tab', { name: 'Body' }).click();
    const body = main().getByRole('textbox', { name: 'Body', exact: true });
    await expect.poll(() => editorText(body), { timeout: 10_000 }).toContain('"name"');
    const response = main().getByRole('region', { name: 'Response' });
    await response.getByRole('button', { name: 'Copy as cURL' }).click();
    await toast(labMessages.curlCopied).waitFor();
    const curl = await page.evaluate(() => navigator.clipboard.readText());
    expect(curl).toContain("-H 'Content-Type: application/json'");
    expect(curl).toContain('--data-raw');
  });

  it('says the current password is wrong when changing the password', async () => {
    await signedIn();
    const dialog = await openSidebarDialog(page, 'Settings');
    await dialog.getByLabel('Current Password', { exact: true }).fill('Wrong!pass1');
    await dialog.getByLabel('New Password', { exact: true }).fill('N3w!password');
    await dialog.getByLabel('Confirm Password', { exact: true }).fill('N3w!password');
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await toast(messages.changePasswordFailed).waitFor();
    await dialog.getByText('The current password is incorrect.', { exact: true }).waitFor();
  });

  it('prints the password-reset code in the server log when there is no SMTP', async () => {
    const user = await signUpAndVerifyByApi(product);
    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await toast(messages.otpSent).waitFor();
    const code = await resetCodeLogged(user.email);
    await page.getByLabel('OTP').fill(code);
    await page.getByLabel('New Password').fill('N3w!password');
    await page.getByLabel('Confirm Password').fill('N3w!password');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await toast(messages.passwordChanged).waitFor();
  });

  it("shows the team's name in the invite dialog's company field", async () => {
    const { user } = await signedIn();
    await page.goto('/manage-team');
    await main().getByRole('button', { name: '+ Invite Member' }).click();
    const company = page.getByRole('dialog', { name: 'Invite Team Member' }).getByLabel('Company');
    expect(await company.getAttribute('placeholder')).toBe(user.username);
  });

  it('tells a new user how to start on the empty dashboard', async () => {
    await signedIn();
    await main().getByText(apiMessages.noApiFound).waitFor();
    await main()
      .getByText(/import an OpenAPI document/i)
      .waitFor();
    await main().getByRole('link', { name: 'API Copilot' }).click();
    await page.waitForURL('**/prompter');
  });
});
