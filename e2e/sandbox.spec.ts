import { answerSeedMessage, apiMessages, testDataMessages } from '@sandbox/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { followLink, runProductInBrowser, toastOn } from './support/inBrowser.js';
import { signIn, signUpAndVerifyByApi } from './support/journeys.js';
import type { RunningProduct } from './support/server.js';

let product: RunningProduct;
let page: Page;

runProductInBrowser({ product: (p) => (product = p), page: (p) => (page = p) });

const toast = (text: string) => toastOn(page, text);
const main = () => page.getByRole('main');

const BOOKS = `openapi: 3.0.3
info: { title: Books, version: 1.0.0 }
paths:
  /books:
    get:
      tags: [books]
      responses:
        '200':
          description: Books
          content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Book' } } } }
components:
  schemas:
    Book:
      type: object
      required: [title]
      properties:
        title: { type: string, maxLength: 60 }
        pages: { type: integer, minimum: 1 }
`;

/** Calls the sandbox from the page, as a front-end under development would. */
const callSandbox = (url: string) =>
  page.evaluate(async (target) => {
    const res = await fetch(target);
    return { status: res.status, body: await res.json() };
  }, url);

/** Expands the API in the sidebar, opens the endpoint, and its Response tab (test data for the response). */
async function openEndpoint(apiName: string, endpoint: string) {
  const sidebar = page.getByRole('navigation', { name: 'APIs' });
  await sidebar.getByRole('button', { name: apiName, exact: true }).click();
  await followLink(sidebar.getByRole('link', { name: endpoint }));
  await main().getByRole('tab', { name: 'Response' }).click();
}

/** A new user, signed in, imports the books document through the New API dialog. */
async function signInAndImportBooks(name: string) {
  const user = await signUpAndVerifyByApi(product);
  await signIn(page, user.username, user.password);
  await page.waitForURL('**/dashboard');
  await main().getByRole('button', { name: 'Create New API' }).click();
  const dialog = page.getByRole('dialog', { name: 'New API' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Description').fill('A shelf of books');
  await dialog.getByLabel('Version').fill('10');
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: 'books.yaml', mimeType: 'application/yaml', buffer: Buffer.from(BOOKS) });
  await dialog.getByRole('button', { name: 'Import' }).click();
  await toast(apiMessages.importSuccess).waitFor();
}

describe('the sandbox in the browser', () => {
  it('deploys an imported API, answers at the copied URL, then answers with uploaded test data', async () => {
    await signInAndImportBooks('Books');

    await main().getByLabel('Sandbox status of Books').click();
    await page.getByRole('dialog', { name: 'Deploy API' }).getByRole('button', { name: 'Deploy' }).click();
    await toast(apiMessages.deploySuccess).waitFor();
    await main().getByRole('button', { name: 'Copy endpoint URL' }).click();
    await toast(apiMessages.urlCopied).waitFor();
    const baseUrl = await page.evaluate(() => navigator.clipboard.readText());
    expect(baseUrl).toMatch(/\/sandbox\/[\w-]+$/);

    const generated = await callSandbox(`${baseUrl}/books`);
    expect(generated.status).toBe(200);
    expect(generated.body.length).toBeGreaterThan(0);
    for (const book of generated.body) expect(typeof book.title).toBe('string');

    await openEndpoint('Books', 'GET /books');
    await main().getByRole('button', { name: 'Append Test Data' }).click();
    const testData = page.getByRole('dialog', { name: 'Test Data' });
    await testData.getByText('Columns: title, pages').waitFor();

    await testData
      .getByLabel('CSV file')
      .setInputFiles({ name: 'books.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF') });
    await toast(testDataMessages.invalidFormat).waitFor();
    await testData.getByRole('button', { name: 'Upload' }).click();
    await testData.getByText(testDataMessages.fileRequired).waitFor();

    const csv = 'title,pages\r\nDune,412\r\n"Gödel, Escher, Bach",777\r\n';
    await testData
      .getByLabel('CSV file')
      .setInputFiles({ name: 'books.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await testData.getByRole('button', { name: 'Upload' }).click();
    await toast(testDataMessages.uploaded).waitFor();

    const answered = await callSandbox(`${baseUrl}/books`);
    expect(answered).toEqual({
      status: 200,
      body: [
        { title: 'Dune', pages: 412 },
        { title: 'Gödel, Escher, Bach', pages: 777 },
      ],
    });
  });

  it('answers the same request with the same generated body once the API has a seed', async () => {
    await signInAndImportBooks('Seeded');
    await main().getByLabel('Sandbox status of Seeded').click();
    await page.getByRole('dialog', { name: 'Deploy API' }).getByRole('button', { name: 'Deploy' }).click();
    await toast(apiMessages.deploySuccess).waitFor();
    await main().getByRole('button', { name: 'Copy endpoint URL' }).click();
    const baseUrl = await page.evaluate(() => navigator.clipboard.readText());

    // how the sandbox answers is the API's, set on its overview
    const sidebar = page.getByRole('navigation', { name: 'APIs' });
    await sidebar.getByRole('button', { name: 'Seeded', exact: true }).click();
    await followLink(sidebar.getByRole('link', { name: 'Seeded overview' }));
    const settings = main().getByRole('form', { name: 'Deterministic answers' });
    await settings.getByLabel('Deterministic answers').check();
    await settings.getByLabel('Seed').fill('x');
    await settings.getByRole('button', { name: 'Use seed' }).click();
    await settings.getByText(answerSeedMessage).waitFor();
    await settings.getByLabel('Seed').fill('2024');
    await settings.getByRole('button', { name: 'Use seed' }).click();
    await toast(apiMessages.updated).waitFor();

    const first = await callSandbox(`${baseUrl}/books`);
    expect(first.status).toBe(200);
    expect(first.body.length).toBeGreaterThan(0);
    expect(await callSandbox(`${baseUrl}/books`)).toEqual(first);
  });

  it('names the bad row and column of a refused CSV and keeps the stored rows', async () => {
    await signInAndImportBooks('Shelf');

    await openEndpoint('Shelf', 'GET /books');
    await main().getByRole('button', { name: 'Append Test Data' }).click();
    const testData = page.getByRole('dialog', { name: 'Test Data' });
    await testData.getByLabel('CSV file').setInputFiles({
      name: 'books.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('title,pages\r\nDune,many\r\n'),
    });
    await testData.getByRole('button', { name: 'Upload' }).click();
    await toast('Row 2, column pages: must be an integer').waitFor();
    await testData.getByText('0 response rows stored.', { exact: false }).waitFor();
  });
});
