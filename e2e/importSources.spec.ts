import { readFileSync } from 'node:fs';
import { apiMessages } from '@sandbox/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { runProductInBrowser, toastOn } from './support/inBrowser.js';
import { signIn, signUpAndVerifyByApi } from './support/journeys.js';
import type { RunningProduct } from './support/server.js';

let product: RunningProduct;
let page: Page;

runProductInBrowser({ product: (p) => (product = p), page: (p) => (page = p) });

// Adyen's Capital API collection (MIT), kept with its licence in the server's test fixtures.
const CAPITAL = readFileSync(
  new URL('../apps/server/test-fixtures/postman/adyen-capital-v3.postman_collection.json', import.meta.url),
);

// URL import is covered by the server's tests: this product, like production, refuses loopback
// addresses, and no public server is reachable from a test.
describe('importing from other sources', () => {
  it('imports a Postman Collection file, named from its info, and lists its requests in the sidebar', async () => {
    const user = await signUpAndVerifyByApi(product);
    await signIn(page, user.username, user.password);
    await page.waitForURL('**/dashboard');
    await page.getByRole('main').getByRole('button', { name: 'Create New API' }).click();
    const dialog = page.getByRole('dialog', { name: 'New API' });
    await dialog.getByRole('button', { name: 'From a URL' }).click();
    await dialog.getByRole('button', { name: 'Import' }).click();
    await dialog.getByText('URL is required').waitFor();
    await dialog.getByRole('button', { name: 'From a file' }).click();
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'Capital.postman_collection.json',
      mimeType: 'application/json',
      buffer: CAPITAL,
    });
    // the collection's info.name, and its version 3 as the form's digit.digit
    await expect.poll(() => dialog.getByLabel('Name').inputValue()).toBe('Capital API (v3)');
    expect(await dialog.getByLabel('Version').inputValue()).toBe('3.0');
    await dialog.getByRole('button', { name: 'Import' }).click();
    await toastOn(page, apiMessages.importSuccess).waitFor();
    await page
      .locator('.Toastify__toast--warning')
      .getByText(/Collection variables are not kept/)
      .waitFor();

    const sidebar = page.getByRole('navigation', { name: 'APIs' });
    await sidebar.getByRole('button', { name: 'Capital API (v3)', exact: true }).click();
    // a tag per folder, as Postman nests them
    const grants = sidebar.getByRole('list', { name: 'Capital API (v3) Capital > /grants', exact: true });
    await grants.getByRole('link', { name: 'POST /grants' }).waitFor();
    expect(await grants.getByRole('link').allTextContents()).toHaveLength(2);
    const grant = sidebar.getByRole('list', { name: 'Capital API (v3) Capital > /grants/{{id}}' });
    expect(await grant.getByRole('link').getAttribute('aria-label')).toBe('GET /grants/{id}');
  });
});
