import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiMessages } from '@sandbox/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runProductInBrowser, toastOn } from './support/inBrowser.js';
import { signIn, signUpAndVerifyByApi } from './support/journeys.js';
import type { RunningProduct } from './support/server.js';

let product: RunningProduct;
let page: Page;

// The documents' server stands for an intranet one: OUTBOUND_ALLOW lets this product reach its address,
// which production refuses unless the operator lists it.
runProductInBrowser(
  { product: (p) => (product = p), page: (p) => (page = p) },
  { OUTBOUND_ALLOW: '127.0.0.1' },
);

// ReadMe's Swagger Petstore (MIT, @readme/oas-examples), served without an extension, as a CMS might.
const PETSTORE = readFileSync(
  new URL('../node_modules/@readme/oas-examples/3.0/json/petstore.json', import.meta.url),
);
let documents: Server;
let documentUrl: string;
beforeAll(async () => {
  documents = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' }).end(PETSTORE);
  });
  await new Promise<void>((resolve) => documents.listen(0, '127.0.0.1', resolve));
  documentUrl = `http://127.0.0.1:${(documents.address() as AddressInfo).port}/specs/petstore`;
});
afterAll(() => new Promise<void>((resolve) => documents.close(() => resolve())));

// Adyen's Capital API collection (MIT), kept with its licence in the server's test fixtures.
const CAPITAL = readFileSync(
  new URL('../apps/server/test-fixtures/postman/adyen-capital-v3.postman_collection.json', import.meta.url),
);

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

  it('imports the document at a URL the server fetches, and lists its operations in the sidebar', async () => {
    const user = await signUpAndVerifyByApi(product);
    await signIn(page, user.username, user.password);
    await page.waitForURL('**/dashboard');
    await page.getByRole('main').getByRole('button', { name: 'Create New API' }).click();
    const dialog = page.getByRole('dialog', { name: 'New API' });
    await dialog.getByLabel('Name').fill('intranet pets');
    await dialog.getByLabel('Description').fill('From the docs server');
    await dialog.getByLabel('Version').fill('1.0');
    await dialog.getByRole('button', { name: 'From a URL' }).click();
    await dialog.getByLabel('Document URL').fill(documentUrl);
    await dialog.getByRole('button', { name: 'Import' }).click();
    await toastOn(page, apiMessages.importSuccess).waitFor();

    const sidebar = page.getByRole('navigation', { name: 'APIs' });
    await sidebar.getByRole('button', { name: 'Intranet pets', exact: true }).click();
    const pets = sidebar.getByRole('list', { name: 'Intranet pets pet', exact: true });
    await pets.getByRole('link', { name: 'GET /pet/{petId}' }).waitFor();
    expect(await pets.getByRole('link').count()).toBe(8);
  });
});
