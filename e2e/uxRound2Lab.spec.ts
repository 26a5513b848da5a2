import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type ApiMaster, LAB_USER_AGENT, labMessages } from '@sandbox/contracts';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { editorText, replaceEditorText } from './support/editors.js';
import { runProductInBrowser } from './support/inBrowser.js';
import {
  deployByApi,
  importApiAs,
  sessionTokenOf,
  signIn,
  signUpAndVerifyByApi,
} from './support/journeys.js';
import type { RunningProduct } from './support/server.js';

// A first-time user tries Swagger's own Petstore in the API Lab, on the screen the issue was found on.

let product: RunningProduct;
let page: Page;

runProductInBrowser({ product: (p) => (product = p), page: (p) => (page = p) });

const PETSTORE = readFileSync(
  createRequire(import.meta.url).resolve('@readme/oas-examples/3.0/json/petstore.json'),
  'utf8',
);

const main = () => page.getByRole('main');
const response = () => main().getByRole('region', { name: 'Response' });
const status = () => response().getByLabel('Status');
const requestTab = (name: string) =>
  main().getByRole('tablist', { name: 'Request parts' }).getByRole('tab', { name });

/** The value of the row of `table` whose first cell is `name`. */
const cellAfter = (table: Locator, name: string) =>
  table
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name, exact: true }) })
    .getByRole('cell')
    .nth(1)
    .textContent();

/** The Key and Value of every header row, as the Headers tab shows them. */
async function headerRows(): Promise<[string, string][]> {
  await requestTab('Headers').click();
  const groups = main().getByRole('group', { name: /^Header \d+$/ });
  const rows: [string, string][] = [];
  for (const group of await groups.all())
    rows.push([await group.getByLabel('Key').inputValue(), await group.getByLabel('Value').inputValue()]);
  return rows;
}

async function choose(label: string, option: string) {
  await main().getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** A new user with `document` imported (its own security only) and deployed, in the API Lab on it. */
async function openLabOn(name: string, document: string): Promise<ApiMaster> {
  await page.setViewportSize({ width: 1440, height: 900 });
  const user = await signUpAndVerifyByApi(product);
  await signIn(page, user.username, user.password);
  await page.waitForURL('**/dashboard');
  const token = await sessionTokenOf(page);
  const imported = await importApiAs(product, token, { name, document });
  const api = await deployByApi(product, token, imported.id);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'API Lab' })
    .click();
  await page.waitForURL('**/api-lab');
  await choose('API Name', name);
  return api;
}

const openLabOnPetstore = () => openLabOn('Petstore', PETSTORE);

/** An operation behind HTTP digest authentication, which the Lab cannot make up. */
const VAULT = `openapi: 3.0.3
info: { title: Vault, version: 1.0.0 }
components:
  securitySchemes:
    vault_digest: { type: http, scheme: digest }
paths:
  /secrets:
    get:
      security: [{ vault_digest: [] }]
      responses:
        '200': { description: Secrets }
`;

const successToasts = () => page.locator('.Toastify').getByText(/successfully/);

describe('API Lab on secured operations', () => {
  it('hands a body that is not JSON to the sandbox as JSON, shows its answer in view and logs the call as the Lab', async () => {
    const api = await openLabOnPetstore();
    await choose('Request Method', 'POST /pet');
    await requestTab('Body').click();
    const body = main().getByRole('textbox', { name: 'Body', exact: true });
    await expect.poll(() => editorText(body)).toContain('"photoUrls"');
    // the template with its last brace lost, as a slip of the keyboard leaves it
    await replaceEditorText(body, (await editorText(body)).replace(/\}\s*$/, ''));

    await main().getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => status().textContent()).toBe('400 Bad Request');
    // the answer, under the long body, is brought into view
    await expect
      .poll(() => status().evaluate((chip) => chip.getBoundingClientRect().bottom <= window.innerHeight))
      .toBe(true);
    expect(await successToasts().count()).toBe(0);
    const problem = JSON.parse(await editorText(response().getByRole('textbox', { name: 'Response body' })));
    expect(problem.errors).toEqual([{ location: 'body', message: 'is not valid JSON' }]);

    // a 2xx still says so
    await choose('Request Method', 'GET /store/inventory');
    await main().getByRole('button', { name: 'Send' }).click();
    await page.locator('.Toastify').getByText(labMessages.sent, { exact: true }).waitFor();
    expect(await status().textContent()).toBe('200 OK');

    await page.goto(`/requests/${api.id}`);
    const calls = main().getByRole('table', { name: 'Requests' }).locator('tbody tr[data-call-id]');
    await expect.poll(() => calls.count(), { timeout: 5_000 }).toBe(2);
    await calls.nth(1).click();
    const headers = page.getByRole('dialog').getByRole('table', { name: 'Request headers' });
    expect(await cellAfter(headers, 'host')).toBe(new URL(api.apiBaseUrl as string).host);
    expect(await cellAfter(headers, 'user-agent')).toBe(LAB_USER_AGENT);
    expect(await cellAfter(headers, 'content-type')).toBe('application/json');
  });

  it('fills the credentials each secured operation asks for, so its ready-made request is let in', async () => {
    await openLabOnPetstore();
    await choose('Request Method', 'POST /pet');
    await main()
      .getByText(labMessages.credentialsFilled('petstore_auth', 'the Authorization header'), { exact: true })
      .waitFor();
    expect(await headerRows()).toEqual([
      ['Content-Type', 'application/json'],
      ['Authorization', 'Bearer sandbox-token'],
    ]);
    await main().getByRole('button', { name: 'Send' }).click();
    // let in and valid: the document's only answer to it, 405 "Invalid input", not a 401
    await expect.poll(() => status().textContent()).toBe('405 Method Not Allowed');

    // the same OAuth 2 scheme on an operation that declares a success
    await choose('Request Method', 'GET /pet/findByStatus');
    await requestTab('Query Params').click();
    await main().getByRole('group', { name: 'Query param 1' }).getByLabel('Value').fill('available');
    await main().getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => status().textContent()).toBe('200 OK');

    // an API key in its header takes the place of the bearer token
    await choose('Request Method', 'GET /store/inventory');
    await main()
      .getByText(labMessages.credentialsFilled('api_key', 'the api_key header'), { exact: true })
      .waitFor();
    expect(await headerRows()).toEqual([['api_key', 'sandbox-api-key']]);
    await main().getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => status().textContent()).toBe('200 OK');
  });

  it('says which credential it cannot fill', async () => {
    await openLabOn('Vault', VAULT);
    await choose('Request Method', 'GET /secrets');
    await main()
      .getByText(
        labMessages.credentialsMissing('digest credentials in Authorization: Digest (vault_digest)'),
        { exact: true },
      )
      .waitFor();
    expect(await headerRows()).toEqual([]);
  });
});
