import { readFile } from 'node:fs/promises';
import {
  type ApiMaster,
  apiFormMessages,
  apiMessages,
  apisPaths,
  type EndpointDetail,
} from '@sandbox/contracts';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { commaToIds } from '../apps/web/src/features/apis/endpointLinks.js';
import { openPage } from './support/browser.js';
import { followLink, runProductInBrowser, toastAfter, toastOn } from './support/inBrowser.js';
import { importApiAs, sessionOf, signIn, signUpAndVerifyByApi } from './support/journeys.js';
import type { RunningProduct } from './support/server.js';

let product: RunningProduct;
let browser: Browser;
let page: Page;

runProductInBrowser({
  product: (p) => (product = p),
  browser: (b) => (browser = b),
  page: (p) => (page = p),
});

const toast = (text: string) => toastOn(page, text);
const main = () => page.getByRole('main');
const sidebar = () => page.getByRole('navigation', { name: 'APIs' });

// Two tags, a POST whose body has a nested object, a GET by id with a path parameter.
const PETSTORE = `openapi: 3.0.3
info: { title: Pet Store, version: 1.0.0 }
tags: [{ name: pets }, { name: owners }]
paths:
  /pets:
    get:
      tags: [pets]
      summary: List pets
      responses:
        '200':
          description: OK
          content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Pet' } } } }
    post:
      tags: [pets]
      summary: Add a pet
      requestBody:
        required: true
        content: { application/json: { schema: { $ref: '#/components/schemas/Pet' } } }
      responses:
        '201':
          description: Created
          content: { application/json: { schema: { $ref: '#/components/schemas/Pet' } } }
  /pets/{petId}:
    get:
      tags: [pets]
      summary: Get a pet
      parameters:
        - { name: petId, in: path, required: true, description: Pet id, schema: { type: string } }
      responses:
        '200':
          description: OK
          content: { application/json: { schema: { $ref: '#/components/schemas/Pet' } } }
  /owners:
    get:
      tags: [owners]
      summary: List owners
      parameters: [{ name: limit, in: query, schema: { type: integer } }]
      responses: { '200': { description: OK } }
components:
  schemas:
    Pet:
      type: object
      required: [name]
      properties:
        id: { type: string }
        name: { type: string, maxLength: 50 }
        address:
          type: object
          properties: { city: { type: string }, zip: { type: string } }
`;

/**
 * A new user signed in on the dashboard; with `petStore`, the pet store document is imported through
 * the API first, for tests about what follows an import (the import itself has its own test).
 */
async function signInNewUser({ petStore = false } = {}) {
  const user = await signUpAndVerifyByApi(product);
  if (petStore) {
    const jwt = await sessionOf(product, user.username);
    await importApiAs(product, jwt, { name: 'Pet store', document: PETSTORE });
  }
  await signIn(page, user.username, user.password);
  await page.waitForURL('**/dashboard');
  return user;
}

/** What the server answers, read with the page's own session. */
async function readApi<T>(path: string): Promise<T> {
  const token = await page.evaluate(() => sessionStorage.getItem('auth-token'));
  const response = await fetch(`${product.url}${path}`, { headers: { Authorization: `Bearer ${token}` } });
  return (await response.json()) as T;
}
const listApis = () => readApi<ApiMaster[]>(apisPaths.list);

async function importPetStore() {
  await main().getByRole('button', { name: 'Create New API' }).click();
  const dialog = page.getByRole('dialog', { name: 'New API' });
  await dialog.getByLabel('Name').fill('pet store');
  await dialog.getByLabel('Description').fill('pets and their owners');
  await dialog.getByLabel('Version').fill('10');
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'petstore.yaml',
    mimeType: 'application/yaml',
    buffer: Buffer.from(PETSTORE),
  });
  await dialog.getByText('petstore.yaml').waitFor();
  await dialog.getByRole('button', { name: 'Import' }).click();
  await toast(apiMessages.importSuccess).waitFor();
  await dialog.waitFor({ state: 'detached' });
}

/** All values of a key anywhere in a JSON document. */
function valuesOf(node: unknown, key: string): unknown[] {
  if (Array.isArray(node)) return node.flatMap((item) => valuesOf(item, key));
  if (!node || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([k, v]) => [...(k === key ? [v] : []), ...valuesOf(v, key)]);
}

describe('the API catalog', () => {
  it('checks the New API form before importing', async () => {
    await signInNewUser();
    await main().getByText(apiMessages.noApiFound).waitFor();
    await main().getByRole('button', { name: 'Create New API' }).click();
    const dialog = page.getByRole('dialog', { name: 'New API' });

    await dialog.getByLabel('Name').fill('pet store');
    expect(await dialog.getByLabel('Name').inputValue()).toBe('Pet store');
    await dialog.getByLabel('Version').fill('1a2');
    expect(await dialog.getByLabel('Version').inputValue()).toBe('1.2');
    await dialog.getByLabel('Version').fill('');
    await dialog.getByRole('button', { name: 'Import' }).click();
    await dialog.getByText(apiFormMessages.versionRequired).waitFor();
    await dialog.getByText(apiFormMessages.fileRequired).waitFor();

    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a document'),
    });
    await dialog.getByText(apiFormMessages.invalidFileFormat).waitFor();
    await toast(apiFormMessages.invalidFileFormat).waitFor();
    expect(await dialog.getByRole('checkbox', { name: 'Is Auth Required' }).isChecked()).toBe(false);

    // A document the server cannot read: its reason shows and the dialog stays open.
    await dialog.getByLabel('Description').fill('broken');
    await dialog.getByLabel('Version').fill('1.0');
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'broken.yaml',
      mimeType: 'application/yaml',
      buffer: Buffer.from('openapi: 3.0.3\npaths: [\n'),
    });
    await dialog.getByRole('button', { name: 'Import' }).click();
    const failure = page
      .locator('.Toastify__toast--error')
      .filter({ hasNotText: apiFormMessages.invalidFileFormat });
    await failure.first().waitFor();
    expect(await failure.first().textContent()).not.toBe('');
    expect(await dialog.isVisible()).toBe(true);
  });

  it('imports a document, edits its endpoints and exports the edits', async () => {
    await signInNewUser();
    await importPetStore();
    const row = main().getByRole('row', { name: /Pet store/ });
    await row.getByText('1.0', { exact: true }).waitFor();
    await row.getByText('-', { exact: true }).waitFor();

    // The sidebar groups the endpoints by tag.
    const [api] = await listApis();
    const byPath = (method: string, path: string) => {
      const endpoint = api.apiConfigList.find((e) => e.methodType === method && e.apiEndPoint === path);
      if (!endpoint) throw new Error(`no ${method} ${path}`);
      return endpoint;
    };
    await sidebar().getByRole('button', { name: 'Pet store', exact: true }).click();
    const petsTag = byPath('GET', '/pets').apiTag;
    const ownersTag = byPath('GET', '/owners').apiTag;
    expect(petsTag).not.toBe(ownersTag);
    const petsGroup = sidebar().getByRole('list', { name: `Pet store ${petsTag}` });
    await petsGroup.getByText(petsTag, { exact: true }).waitFor();
    expect(await petsGroup.getByRole('link').count()).toBe(3);
    expect(
      await sidebar()
        .getByRole('list', { name: `Pet store ${ownersTag}` })
        .getByRole('link')
        .count(),
    ).toBe(1);

    // Params: describe the path parameter.
    await followLink(petsGroup.getByRole('link', { name: 'GET /pets/{petId}' }));
    await page.waitForURL(`**/request/${api.id}/${byPath('GET', '/pets/{petId}').id}`);
    await main().getByRole('heading', { name: 'Pet store' }).waitFor();
    expect(await main().getByRole('tab', { name: 'Mapping' }).count()).toBe(0);
    const petId = main().getByRole('group', { name: 'petId', exact: true });
    expect(await petId.getByLabel('Key').inputValue()).toBe('petId');
    await petId.getByLabel('Description').fill('The unique id of the pet');
    await main().getByRole('button', { name: 'Save' }).click();
    await toast(apiMessages.updated).waitFor();

    // Body: tighten a property and a nested one.
    await followLink(petsGroup.getByRole('link', { name: 'POST /pets' }));
    await main().getByRole('tab', { name: 'Body' }).click();
    const schema = main().getByRole('region', { name: 'Schema Pet' });
    await schema.getByRole('group', { name: 'name', exact: true }).getByLabel('Max Length').fill('30');
    const city = schema.getByRole('group', { name: 'address.city', exact: true });
    await city.getByLabel('Max Length').pressSequentially('4x0');
    expect(await city.getByLabel('Max Length').inputValue()).toBe('40');
    await schema.getByRole('button', { name: 'Save' }).click();
    await toast(apiMessages.updateSuccess).waitFor();

    // Response: add a 404.
    await main().getByRole('tab', { name: 'Response' }).click();
    expect(await main().getByRole('tab', { name: 'Body' }).getAttribute('aria-selected')).toBe('true');
    await main()
      .getByRole('button', { name: /^201\/Created/ })
      .waitFor();
    await main().getByRole('button', { name: 'Add Response' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Response' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Status code is required').waitFor();
    await dialog.getByText('Description is required').waitFor();
    await dialog.getByRole('combobox', { name: 'Status Code' }).click();
    await page.getByRole('option', { name: '404 Not Found' }).click();
    await dialog.getByLabel('Description').fill('No such pet');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(apiMessages.updated).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await main()
      .getByRole('button', { name: /^404\/Not Found/ })
      .waitFor();

    // Mapping: link the GET endpoints to the POST.
    await main().getByRole('tab', { name: 'Mapping' }).click();
    const save = main().getByRole('button', { name: 'Save' });
    expect(await save.isDisabled()).toBe(true);
    await main().getByRole('combobox', { name: 'GET' }).click();
    await page.getByRole('option', { name: '/pets/{petId}' }).click();
    await page.getByRole('option', { name: '/pets', exact: true }).click();
    await page.keyboard.press('Escape');
    // the 404's toast of the same text may still be on screen
    await toastAfter(page, apiMessages.updated, () => save.click());
    await expect.poll(() => save.isDisabled()).toBe(true);
    const post = await readApi<EndpointDetail>(apisPaths.endpoint(api.id, byPath('POST', '/pets').id));
    expect(commaToIds(post.getApiId).sort()).toEqual(
      [byPath('GET', '/pets').id, byPath('GET', '/pets/{petId}').id].sort(),
    );

    // Download: the document carries every edit.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      main().getByRole('button', { name: 'Download OpenAPI' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Pet store-openapi.json');
    const document = JSON.parse(await readFile((await download.path()) as string, 'utf8'));
    expect(document.openapi).toMatch(/^3\.1/);
    const text = JSON.stringify(document);
    expect(text).toContain('The unique id of the pet');
    expect(text).toContain('No such pet');
    expect(valuesOf(document, 'maxLength')).toEqual(expect.arrayContaining([30, 40]));
    expect(Object.keys(document.paths['/pets'].post.responses)).toEqual(
      expect.arrayContaining(['201', '404']),
    );
  });

  it('shows a viewer the catalog without the means to change it', async () => {
    await signInNewUser({ petStore: true });
    await page.evaluate(() => sessionStorage.setItem('roleId', '1'));
    await page.reload();
    await main()
      .getByRole('row', { name: /Pet store/ })
      .waitFor();
    expect(await main().getByRole('button', { name: 'Create New API' }).count()).toBe(0);
    expect(await main().getByLabel('Sandbox status of Pet store').isDisabled()).toBe(true);
    await sidebar().getByRole('button', { name: 'API actions' }).click();
    expect(await page.getByRole('menuitem', { name: 'Delete' }).getAttribute('aria-disabled')).toBe('true');
    expect(await page.getByRole('menuitem', { name: 'Deploy' }).getAttribute('aria-disabled')).toBe('true');
    await page.keyboard.press('Escape');
    await sidebar().getByRole('button', { name: 'Pet store', exact: true }).click();
    await followLink(sidebar().getByRole('link', { name: 'POST /pets' }));
    await main().getByRole('tab', { name: 'Body' }).click();
    expect(await main().getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
  });

  it('deploys an API from the table switch, once', async () => {
    await signInNewUser({ petStore: true });
    const status = main().getByLabel('Sandbox status of Pet store');
    await status.click();
    await page.getByRole('dialog', { name: 'Deploy API' }).getByRole('button', { name: 'Deploy' }).click();
    await toast(apiMessages.deploySuccess).waitFor();
    await expect.poll(() => status.isChecked()).toBe(true);

    const [api] = await listApis();
    expect(api.apiBaseUrl).toMatch(/\/sandbox\//);
    await main().getByRole('button', { name: 'Copy endpoint URL' }).click();
    await toast(apiMessages.urlCopied).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(api.apiBaseUrl);

    await status.click();
    await toast(apiMessages.alreadyDeployed).waitFor();
    expect(await status.isChecked()).toBe(true);
    await sidebar().getByRole('button', { name: 'API actions' }).click();
    expect(await page.getByRole('menuitem', { name: 'Deployed' }).getAttribute('aria-disabled')).toBe('true');
  });

  it('deletes an API from the sidebar menu', async () => {
    await signInNewUser({ petStore: true });
    await sidebar().getByRole('button', { name: 'API actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete API' }).getByRole('button', { name: 'Delete' }).click();
    await toast(apiMessages.deleteSuccess).waitFor();
    await main().getByText(apiMessages.noApiFound).waitFor();
  });

  it('keeps one team’s APIs from another team', async () => {
    await signInNewUser({ petStore: true });
    await main()
      .getByRole('row', { name: /Pet store/ })
      .waitFor();

    page = await openPage(browser, product.url);
    await signInNewUser();
    await main().getByText(apiMessages.noApiFound).waitFor();
    await sidebar().getByText(apiMessages.noApiFound).waitFor();
    expect(await listApis()).toEqual([]);
  });
});
