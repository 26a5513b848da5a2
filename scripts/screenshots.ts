// `npm run screenshots`: runs the built product on an empty data directory, walks every screen in its
// main states in Chromium and writes one PNG per state into screenshots/ (or the folder given as the
// first argument), so anyone can look at the whole product at once.
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { launchBrowser, openPage } from '../e2e/support/browser.js';
import {
  addInvitedMember,
  deployByApi,
  importApiAs,
  ORDERS_DOCUMENT,
  openSignIn,
  sessionOf,
  signIn,
  signUpAndVerifyByApi,
} from '../e2e/support/journeys.js';
import { startProduct } from '../e2e/support/server.js';

const root = new URL('..', import.meta.url).pathname;
const folder = resolve(process.argv[2] ?? join(root, 'screenshots'));
const PETSTORE = readFileSync(join(root, 'node_modules/@readme/oas-examples/3.0/json/petstore.json'), 'utf8');

rmSync(folder, { recursive: true, force: true });
mkdirSync(folder, { recursive: true });

const product = await startProduct();
const browser = await launchBrowser();
const failures: string[] = [];
let count = 0;

/** Takes one screenshot after `arrange`; a state that cannot be reached is reported, not fatal. */
async function shot(page: Page, name: string, arrange: () => Promise<unknown> = async () => {}) {
  try {
    await arrange();
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300); // let transitions and toasts settle
    count += 1;
    const file = `${String(count).padStart(2, '0')}-${name}.png`;
    await page.screenshot({ path: join(folder, file), fullPage: true });
    console.log(`  ${file}`);
  } catch (error) {
    failures.push(`${name}: ${(error as Error).message.split('\n')[0]}`);
    console.error(`  ${name} failed: ${(error as Error).message.split('\n')[0]}`);
  }
}

const main = (page: Page) => page.getByRole('main');
const nav = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name }).click();
const closeDialog = (page: Page) => page.keyboard.press('Escape');
async function choose(page: Page, label: string, option: string) {
  await main(page).getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

try {
  const page = await openPage(browser, product.url);
  await page.setViewportSize({ width: 1440, height: 900 });

  console.log(`Screens of ${product.url} into ${folder}:`);
  await shot(page, 'signin-alpha-notice', () => page.goto('/signin'));
  await shot(page, 'signin', () => openSignIn(page));
  await shot(page, 'signin-failed', async () => {
    await page.getByLabel('Email or Username').fill('nobody');
    await page.getByLabel('Password', { exact: true }).fill('Wrong!pass1');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.locator('.Toastify__toast').first().waitFor();
  });
  await shot(page, 'signup', () => page.goto('/signup'));
  await shot(page, 'forgot-password', () => page.goto('/forgot-password'));
  await shot(page, 'resend-verification', () => page.goto('/resend-verification'));
  await shot(page, 'terms-and-conditions', () => page.goto('/terms-and-conditions'));
  await shot(page, 'privacy-policy', () => page.goto('/privacy-policy'));
  await shot(page, 'not-found', () => page.goto('/no-such-page'));

  // A new account: the e-mail verified page, then an empty dashboard.
  const owner = await signUpAndVerifyByApi(product);
  const jwt = await sessionOf(product, owner.email);
  const invited = await addInvitedMember(product, owner.email);
  await shot(page, 'email-verified-member', async () => {
    await page.goto(invited.verificationPath);
    await page.getByRole('heading', { name: 'Email verified' }).waitFor();
  });
  await shot(page, 'set-password', async () => {
    await page.getByRole('link', { name: 'Continue now' }).click();
    await page.getByRole('heading', { name: 'Set Your Password' }).waitFor();
  });

  await signIn(page, owner.username, owner.password);
  await page.waitForURL('**/dashboard');
  await shot(page, 'dashboard-empty', () => main(page).getByText('No Api Found...').waitFor());
  await shot(page, 'dashboard-new-api-dialog', async () => {
    await main(page).getByRole('button', { name: 'Create New API' }).click();
    await page.getByRole('dialog', { name: 'New API' }).waitFor();
  });
  await closeDialog(page);

  // A catalog of two deployed APIs: the petstore, which asks for a token, and a one-endpoint API.
  const petstore = await importApiAs(product, jwt, {
    name: 'Petstore',
    document: PETSTORE,
    isAuthRequired: true,
  });
  await deployByApi(product, jwt, petstore.id);
  const orders = await importApiAs(product, jwt, { name: 'Orders', document: ORDERS_DOCUMENT });
  await deployByApi(product, jwt, orders.id);
  await shot(page, 'dashboard-apis', async () => {
    await page.goto('/dashboard');
    await main(page)
      .getByRole('row', { name: /Petstore/ })
      .waitFor();
  });
  await shot(page, 'dashboard-api-settings-dialog', async () => {
    await main(page)
      .getByRole('row', { name: /Petstore/ })
      .getByRole('button', { name: 'Settings' })
      .click();
    await page.getByRole('dialog', { name: 'API Settings' }).waitFor();
  });
  await closeDialog(page);
  await shot(page, 'dashboard-sidebar-expanded', () =>
    page
      .getByRole('navigation', { name: 'APIs' })
      .getByRole('button', { name: 'Petstore', exact: true })
      .click(),
  );

  const endpoint = (method: string, path: string) =>
    petstore.apiConfigList.find((e) => e.methodType === method && e.apiEndPoint === path);
  const post = endpoint('POST', '/pet');
  const get = endpoint('GET', '/pet/{petId}');
  await shot(page, 'api-overview', () => page.goto(`/request/${petstore.id}`));
  if (post) {
    await shot(page, 'endpoint-request-params', () => page.goto(`/request/${petstore.id}/${post.id}`));
    for (const tab of ['Headers', 'Body']) {
      await shot(page, `endpoint-request-${tab.toLowerCase()}`, () =>
        main(page).getByRole('tab', { name: tab, exact: true }).click(),
      );
    }
    await shot(page, 'endpoint-response', () => main(page).getByRole('tab', { name: 'Response' }).click());
    await shot(page, 'endpoint-mapping', () => main(page).getByRole('tab', { name: 'Mapping' }).click());
  }
  if (get) {
    await shot(page, 'endpoint-get-response', async () => {
      await page.goto(`/request/${petstore.id}/${get.id}`);
      await main(page).getByRole('tab', { name: 'Response' }).click();
    });
    await shot(page, 'test-data-dialog', async () => {
      await main(page).getByRole('button', { name: 'Append Test Data' }).click();
      await page.getByRole('dialog', { name: 'Test Data' }).waitFor();
    });
    await closeDialog(page);
  }

  await shot(page, 'token-manager-empty', () => nav(page, 'API Keys'));
  await shot(page, 'token-manager-token', async () => {
    await choose(page, 'API', 'Petstore');
    await main(page).getByRole('button', { name: 'Generate Token' }).click();
    await main(page)
      .getByRole('row', { name: /Petstore/ })
      .waitFor();
  });

  await shot(page, 'team-members', () => nav(page, 'Manage Team'));
  await shot(page, 'team-invite-dialog', async () => {
    await main(page).getByRole('button', { name: '+ Invite Member' }).click();
    await page.getByRole('dialog', { name: 'Invite Team Member' }).waitFor();
  });
  await closeDialog(page);

  await shot(page, 'copilot-empty', () => nav(page, 'API Copilot'));
  await shot(page, 'copilot-response', async () => {
    await main(page).getByLabel('Project Name').fill('Bookshop');
    await main(page).getByLabel('Description', { exact: true }).first().fill('Books and their authors');
    await main(page).getByLabel('URL Path').first().fill('/books');
    await main(page).getByRole('button', { name: 'Send' }).click();
    await main(page).getByRole('button', { name: 'Download' }).and(page.locator(':enabled')).waitFor();
  });

  await shot(page, 'api-lab-empty', () => nav(page, 'API Lab'));
  await shot(page, 'api-lab-response', async () => {
    await choose(page, 'API Name', 'Orders');
    await choose(page, 'Request Method', 'GET /orders');
    await main(page).getByRole('button', { name: 'Send' }).click();
    await main(page).getByRole('region', { name: 'Response' }).getByLabel('Status').waitFor();
  });

  const sidebarButton = (name: string) =>
    page.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name }).click();
  await shot(page, 'settings-change-password', () => sidebarButton('Settings'));
  await shot(page, 'settings-delete-account', () =>
    page.getByRole('dialog', { name: 'Settings' }).getByRole('tab', { name: 'Delete Account' }).click(),
  );
  await closeDialog(page);
  await shot(page, 'help-feedback', () => sidebarButton('Help'));
  await closeDialog(page);
  await shot(page, 'sign-out-confirm', () => sidebarButton('Sign Out'));
} finally {
  await browser.close();
  await product.stop();
}

console.log(`${count} screenshots in ${folder}`);
if (failures.length) {
  console.error(`${failures.length} screens could not be reached:\n  ${failures.join('\n  ')}`);
  process.exitCode = 1;
}
