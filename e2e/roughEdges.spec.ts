import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import {
  type ApiMaster,
  apiMessages,
  TEST_DATA_FILE_NAME,
  testDataMessages,
  testDataPaths,
} from '@sandbox/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { runProductInBrowser, toastOn } from './support/inBrowser.js';
import {
  deployByApi,
  importApiAs,
  ORDERS_DOCUMENT,
  sessionTokenOf,
  signIn,
  signUpAndVerifyByApi,
} from './support/journeys.js';
import type { RunningProduct } from './support/server.js';

let product: RunningProduct;
let page: Page;

runProductInBrowser({ product: (p) => (product = p), page: (p) => (page = p) });

const main = () => page.getByRole('main');

/** A new user signed in on the dashboard; answers their session token. */
async function signedIn(): Promise<string> {
  const user = await signUpAndVerifyByApi(product);
  await signIn(page, user.username, user.password);
  await page.waitForURL('**/dashboard');
  return sessionTokenOf(page);
}

const endpointOf = (api: ApiMaster, method: string, path: string) => {
  const found = api.apiConfigList.find((e) => e.methodType === method && e.apiEndPoint === path);
  if (!found) throw new Error(`${method} ${path} is not an endpoint of ${api.apiMasterName}`);
  return found;
};

// Its info comes first; the YAML breaks further down, where a flow sequence runs onto a new line.
const BROKEN = `openapi: 3.0.3
info:
  title: swagger petstore
  description: Pets to adopt
  version: 1.0.27
paths:
  /pets:
    get:
      tags: [pets,
pets]
      responses: {}
`;

describe('a first import, from the New API dialog', () => {
  const openNewApi = async () => {
    await signedIn();
    await main().getByRole('button', { name: 'Create New API' }).click();
    const dialog = page.getByRole('dialog', { name: 'New API' });
    return {
      dialog,
      file: dialog.locator('input[type="file"]'),
      field: (label: string) => dialog.getByLabel(label),
    };
  };

  it('says why a document is refused, and where', async () => {
    const { dialog, file, field } = await openNewApi();
    await field('Name').fill('Pets');
    await field('Description').fill('Pets to adopt');
    await field('Version').fill('10');
    await file.setInputFiles({
      name: 'pets.yaml',
      mimeType: 'application/yaml',
      buffer: Buffer.from(BROKEN),
    });
    await dialog.getByRole('button', { name: 'Import' }).click();
    await toastOn(
      page,
      'The file is not valid YAML: Flow sequence in block collection must be sufficiently indented and end with a ] (line 10, column 1)',
    ).waitFor();
  });

  it("fills the fields from the document's info and keeps them editable", async () => {
    const { dialog, file, field } = await openNewApi();
    await file.setInputFiles({
      name: 'pets.yaml',
      mimeType: 'application/yaml',
      buffer: Buffer.from(BROKEN),
    });
    await expect.poll(() => field('Name').inputValue()).toBe('Swagger petstore');
    expect(await field('Description').inputValue()).toBe('Pets to adopt');
    // spec §5: a digit, a dot and a digit
    expect(await field('Version').inputValue()).toBe('1.0');

    // Another document replaces what the first one filled in; what the user typed stays theirs.
    await field('Description').fill('My own words');
    await file.setInputFiles({
      name: 'orders.yaml',
      mimeType: 'application/yaml',
      buffer: Buffer.from(ORDERS_DOCUMENT),
    });
    await expect.poll(() => field('Name').inputValue()).toBe('Orders');
    expect(await field('Description').inputValue()).toBe('My own words');
    await field('Name').fill('Orders desk');
    await dialog.getByRole('button', { name: 'Import' }).click();
    await toastOn(page, apiMessages.importSuccess).waitFor();
    const row = main().getByRole('row', { name: /Orders desk/ });
    await row.getByRole('cell', { name: 'My own words' }).waitFor();
    await row.getByRole('cell', { name: '1.0', exact: true }).waitFor();
  });
});

describe('the dashboard', () => {
  it("tells deployed APIs apart by their endpoint's end, with the whole URL on hover and copy", async () => {
    const token = await signedIn();
    const deployed: ApiMaster[] = [];
    for (const name of ['Orders', 'Invoices']) {
      const api = await importApiAs(product, token, { name, document: ORDERS_DOCUMENT });
      deployed.push(await deployByApi(product, token, api.id));
    }
    await page.reload();
    const shown: string[] = [];
    for (const api of deployed) {
      const url = api.apiBaseUrl as string;
      const row = main().locator(`tr[data-api-id="${api.id}"]`);
      const endpoint = row.locator(`span[title="${url}"]`);
      const text = await endpoint.innerText();
      // spec §9: 20 characters; the sandbox key is what differs between two APIs of one server
      expect(text.length).toBeLessThanOrEqual(20);
      expect(text).toBe(`...${url.slice(url.lastIndexOf('/'))}`);
      shown.push(text);
      await row.getByRole('button', { name: 'Copy endpoint URL' }).click();
      await toastOn(page, apiMessages.urlCopied).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    }
    expect(shown[0]).not.toBe(shown[1]);
  });
});

const PING = `openapi: 3.0.3
info: { title: Ping, version: 1.0.0 }
paths:
  /orders:
    get:
      responses:
        '200':
          description: OK
          content: { application/json: { schema: { type: object, properties: { id: { type: string } } } } }
  /ping:
    get:
      responses:
        '200': { description: Alive }
`;

describe('test data of a GET endpoint', () => {
  it("works on the response's rows from the Request tab, and offers no template without a schema", async () => {
    const token = await signedIn();
    const api = await importApiAs(product, token, { name: 'Ping', document: PING });

    await page.goto(`/request/${api.id}/${endpointOf(api, 'GET', '/orders').id}`);
    await main().getByRole('tab', { name: 'Request', selected: true }).waitFor();
    await main().getByRole('button', { name: 'Append Test Data' }).click();
    const dialog = page.getByRole('dialog', { name: 'Test Data' });
    await dialog.getByText('0 response rows stored. Columns: id').waitFor();
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download CSV Template' }).click();
    // every toast shown, so that a failure says what the user was told instead
    const toasts = () => page.locator('.Toastify__toast').allInnerTexts();
    await expect.poll(toasts, { timeout: 10_000 }).toEqual([testDataMessages.downloaded]);
    const file = await download;
    expect(file.suggestedFilename()).toBe(TEST_DATA_FILE_NAME);
    expect((await readFile((await file.path()) as string, 'utf8')).trim()).toBe('id');
    await page.keyboard.press('Escape');

    await page.goto(`/request/${api.id}/${endpointOf(api, 'GET', '/ping').id}`);
    await main().getByRole('button', { name: 'Append Test Data' }).click();
    await dialog.getByText('This endpoint has no response body with fields to fill').waitFor();
    expect(await dialog.getByRole('button', { name: 'Download CSV Template' }).isDisabled()).toBe(true);
  });
});

// Swagger's own petstore: /user/{username} answers a User, which has both `id` and `username`.
const PETSTORE = readFileSync(
  createRequire(import.meta.url).resolve('@readme/oas-examples/3.0/json/petstore.json'),
  'utf8',
);

describe('a path parameter named like a field of the record', () => {
  it('finds a generated row by that field, and the Mapping tab shows the link it makes', async () => {
    const token = await signedIn();
    const imported = await importApiAs(product, token, { name: 'Petstore', document: PETSTORE });
    const api = await deployByApi(product, token, imported.id);
    const getUser = endpointOf(api, 'GET', '/user/{username}');

    await page.goto(`/request/${api.id}/${getUser.id}`);
    await main().getByRole('tab', { name: 'Response' }).click();
    await main().getByRole('button', { name: 'Append Test Data' }).click();
    await page
      .getByRole('dialog', { name: 'Test Data' })
      .getByRole('button', { name: 'Generate Data' })
      .click();
    await toastOn(page, testDataMessages.generated).waitFor();

    const stored = await fetch(`${product.url}${testDataPaths.rows('response', getUser.id)}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const { rows } = (await stored.json()) as { rows: { username: string }[] };
    const { username } = rows[0];
    const answer = await fetch(`${api.apiBaseUrl}/user/${encodeURIComponent(username)}`, {
      headers: { accept: 'application/json' },
    });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual(rows[0]);

    await page.keyboard.press('Escape');
    await page.goto(`/request/${api.id}/${endpointOf(api, 'POST', '/user').id}`);
    await main().getByRole('tab', { name: 'Mapping' }).click();
    const automatic = main().getByRole('region', { name: 'Linked automatically' });
    await automatic.getByText('The endpoints of /user share these records without a link.').waitFor();
    const item = automatic.getByRole('listitem').filter({ hasText: 'DELETE' });
    await item.getByText('/user/{username}', { exact: true }).waitFor();
    await item.getByText('{username} finds a record by its username field').waitFor();
  });
});
