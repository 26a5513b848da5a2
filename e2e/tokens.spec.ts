import {
  type ApiMaster,
  apisPaths,
  DATE_FORMAT,
  type TokenRecord,
  tokenMessages,
  tokensPaths,
} from '@sandbox/contracts';
import dayjs from 'dayjs';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TOKEN_COPIED } from '../apps/web/src/features/tokens/api.js';
import { openPage } from './support/browser.js';
import { runProductInBrowser, toastOn } from './support/inBrowser.js';
import {
  addMember,
  importApiAs,
  ORDERS_DOCUMENT,
  sessionOf,
  signIn,
  signUpAndVerifyByApi,
} from './support/journeys.js';
import type { RunningProduct } from './support/server.js';

let product: RunningProduct;
let browser: Browser;

runProductInBrowser({ product: (p) => (product = p), browser: (b) => (browser = b) });

const toast = toastOn;
const main = (page: Page) => page.getByRole('main');
const counter = (page: Page, label: string) => main(page).getByRole('group', { name: label });

/** A team owner with a deployed API that requires a token, and a way to call the control plane. */
async function ownerWithDeployedApi() {
  const owner = await signUpAndVerifyByApi(product);
  const jwt = await sessionOf(product, owner.email);
  const call = async <T>(path: string): Promise<T> => {
    const res = await fetch(`${product.url}${path}`, { headers: { Authorization: `Bearer ${jwt}` } });
    if (!res.ok) throw new Error(`${path} answered ${res.status}`);
    return res.json() as Promise<T>;
  };
  const imported = await importApiAs(product, jwt, {
    name: 'Orders',
    document: ORDERS_DOCUMENT,
    isAuthRequired: true,
  });
  const api = await call<ApiMaster>(apisPaths.publish(imported.id));
  const sandboxStatus = async (token?: string) =>
    (await fetch(`${api.apiBaseUrl}/orders`, { headers: token ? { Authorization: `Bearer ${token}` } : {} }))
      .status;
  return { owner, call, sandboxStatus };
}

async function openTokenManager(login: string, password: string): Promise<Page> {
  const page = await openPage(browser, product.url);
  await signIn(page, login, password);
  await page.waitForURL('**/dashboard');
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'API Keys' })
    .click();
  await main(page).getByRole('heading', { name: 'Token Manager' }).waitFor();
  return page;
}

describe('the token manager', () => {
  it('generates, copies, regenerates and deletes a token that the sandbox honours', async () => {
    const { owner, call, sandboxStatus } = await ownerWithDeployedApi();
    const page = await openTokenManager(owner.username, owner.password);
    await main(page).getByText(tokenMessages.noRecords).waitFor();
    expect(await counter(page, 'Total API Keys').innerText()).toContain('0');

    await main(page).getByRole('combobox', { name: 'API' }).click();
    await page.getByRole('option', { name: 'Orders' }).click();
    await main(page).getByRole('button', { name: 'Generate Token', exact: true }).click();
    await toast(page, tokenMessages.generated).waitFor();
    const row = main(page).getByRole('row', { name: /Orders/ });
    await row.waitFor();
    const [first] = await call<TokenRecord[]>(tokensPaths.list);
    await row.getByText(`${first.generatedAccessToken.slice(0, 8)}••••••••`).waitFor();
    expect(await row.innerText()).not.toContain(first.generatedAccessToken);
    await row.getByText(dayjs(first.tokenExpirationDate).format(DATE_FORMAT)).waitFor();
    await row.getByRole('cell', { name: 'Yes', exact: true }).waitFor();
    expect(await counter(page, 'Total API Keys').innerText()).toContain('1');
    expect(await counter(page, 'Active Keys').innerText()).toContain('1');

    await row.getByRole('button', { name: 'Copy token' }).click();
    await toast(page, TOKEN_COPIED).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first.generatedAccessToken);
    expect(await sandboxStatus(first.generatedAccessToken)).toBe(200);
    expect(await sandboxStatus()).toBe(401);

    await row.getByRole('button', { name: 'Regenerate token' }).click();
    await page
      .getByRole('dialog', { name: 'Regenerate token' })
      .getByRole('button', { name: 'Regenerate' })
      .click();
    await toast(page, tokenMessages.generated).waitFor();
    await expect
      .poll(async () => (await call<TokenRecord[]>(tokensPaths.list))[0].generatedAccessToken)
      .not.toBe(first.generatedAccessToken);
    const [second] = await call<TokenRecord[]>(tokensPaths.list);
    await row.getByText(`${second.generatedAccessToken.slice(0, 8)}••••••••`).waitFor();
    expect(await sandboxStatus(first.generatedAccessToken)).toBe(401);
    expect(await sandboxStatus(second.generatedAccessToken)).toBe(200);

    await row.getByRole('button', { name: 'Delete token' }).click();
    await page.getByRole('dialog', { name: 'Delete token' }).getByRole('button', { name: 'Delete' }).click();
    await toast(page, tokenMessages.deleted).waitFor();
    await main(page).getByText(tokenMessages.noRecords).waitFor();
    expect(await sandboxStatus(second.generatedAccessToken)).toBe(401);
  });

  it('says something went wrong when the server fails', async () => {
    const { owner } = await ownerWithDeployedApi();
    const page = await openTokenManager(owner.username, owner.password);
    await page.route('**/api/generateToken/*', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"message":"Internal server error"}',
      }),
    );
    await main(page).getByRole('combobox', { name: 'API' }).click();
    await page.getByRole('option', { name: 'Orders' }).click();
    await main(page).getByRole('button', { name: 'Generate Token', exact: true }).click();
    await toast(page, tokenMessages.failed).waitFor();
  });

  it('shows a Viewer the tokens and lets them copy one, but not generate, regenerate or delete', async () => {
    const { owner, call } = await ownerWithDeployedApi();
    const [api] = await call<ApiMaster[]>(apisPaths.list);
    const token = await call<TokenRecord>(tokensPaths.generate(api.id));
    const viewer = await addMember(product, owner.email, 1);
    const page = await openTokenManager(viewer.username, viewer.password);
    const row = main(page).getByRole('row', { name: /Orders/ });
    await row.waitFor();
    expect(await main(page).getByRole('button', { name: 'Generate Token', exact: true }).isDisabled()).toBe(
      true,
    );
    expect(await row.getByRole('button', { name: 'Regenerate token' }).isDisabled()).toBe(true);
    expect(await row.getByRole('button', { name: 'Delete token' }).isDisabled()).toBe(true);
    await row.getByRole('button', { name: 'Copy token' }).click();
    await toast(page, TOKEN_COPIED).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token.generatedAccessToken);
  });
});
