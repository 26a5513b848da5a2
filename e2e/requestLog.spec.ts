import {
  behaviourMessages,
  ROLE_VIEWER,
  requestLogPaths,
  requestLogStreamRefusals,
} from '@sandbox/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { editorText } from './support/editors.js';
import { followLink, runProductInBrowser, toastOn } from './support/inBrowser.js';
import {
  addMember,
  deployByApi,
  importApiAs,
  sessionOf,
  signIn,
  signUpAndVerifyByApi,
} from './support/journeys.js';
import type { RunningProduct } from './support/server.js';

let product: RunningProduct;
let page: Page;

runProductInBrowser({ product: (p) => (product = p), page: (p) => (page = p) });

const main = () => page.getByRole('main');
const requests = () => main().getByRole('table', { name: 'Requests' });
/** The rows of calls, newest first (the table's first row holds its titles). */
const callRows = () => requests().locator('tbody tr[data-call-id]');

const PETS = `openapi: 3.0.3
info: { title: Pets, version: 1.0.0 }
paths:
  /pets:
    get:
      parameters:
        - { name: limit, in: query, schema: { type: integer } }
      responses:
        '200':
          description: Pets
          content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Pet' } } } }
    post:
      requestBody:
        required: true
        content: { application/json: { schema: { $ref: '#/components/schemas/Pet' } } }
      responses:
        '201':
          description: Created
          content: { application/json: { schema: { $ref: '#/components/schemas/Pet' } } }
  /pets/{petId}:
    get:
      parameters:
        - { name: petId, in: path, required: true, schema: { type: integer } }
      responses:
        '200':
          description: A pet
          content: { application/json: { schema: { $ref: '#/components/schemas/Pet' } } }
components:
  schemas:
    Pet:
      type: object
      required: [name]
      properties:
        id: { type: integer }
        name: { type: string, maxLength: 40 }
`;

/** A new user with the Pets API imported and deployed through the API. */
async function aUserWithDeployedPets() {
  const user = await signUpAndVerifyByApi(product);
  const token = await sessionOf(product, user.username);
  const imported = await importApiAs(product, token, { name: 'Pets', document: PETS });
  const api = await deployByApi(product, token, imported.id);
  return { user, api };
}

/** Signs in on the page as `login`, looking at the dashboard. */
async function signInAs(login: { username: string; password: string }) {
  await signIn(page, login.username, login.password);
  await page.waitForURL('**/dashboard');
}

/** Opens the API's Requests screen from the dashboard and waits until its live feed is connected. */
async function openRequestsFromDashboard(name: string) {
  await page.goto('/dashboard');
  await main()
    .getByRole('row', { name: new RegExp(name) })
    .getByRole('link', { name: 'Requests' })
    .click();
  await page.waitForURL('**/requests/*');
  await main().getByRole('status').filter({ hasText: 'Live' }).waitFor();
}

describe('the Requests screen', () => {
  it('shows calls as they arrive, opens one in full, copies it as cURL and opens it in the API Lab', async () => {
    const { user, api } = await aUserWithDeployedPets();
    await signInAs(user);
    const base = api.apiBaseUrl as string;
    await openRequestsFromDashboard('Pets');
    await main().getByRole('heading', { name: 'No requests yet' }).waitFor();
    expect(await main().getByTestId('sandbox-url').textContent()).toBe(base);

    // Three calls from outside the browser, as an app under development would make them.
    expect((await fetch(`${base}/pets?limit=2`)).status).toBe(200);
    const created = await fetch(`${base}/pets?source=e2e`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Trace': "it's me" },
      body: JSON.stringify({ name: 'Rex' }),
    });
    expect(created.status).toBe(201);
    const refused = await fetch(`${base}/pets`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"id":"x"}',
    });
    expect(refused.status).toBe(400);

    // They appear without a reload, newest first.
    await expect.poll(() => callRows().count(), { timeout: 5_000 }).toBe(3);
    const rows = callRows();
    expect(await rows.nth(0).textContent()).toMatch(/POST\/pets400/);
    expect(await rows.nth(1).textContent()).toMatch(/POST\/pets\?source=e2e201/);
    expect(await rows.nth(2).textContent()).toMatch(/GET\/pets\?limit=2200/);

    // The refused call says why, where.
    await rows.nth(0).getByRole('button', { name: '/pets' }).click();
    let dialog = page.getByRole('dialog');
    await dialog.getByRole('alert', { name: 'Validation problems' }).waitFor();
    expect(await dialog.getByRole('alert', { name: 'Validation problems' }).textContent()).toMatch(/body/);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    await rows.nth(1).click();
    dialog = page.getByRole('dialog');
    await dialog.getByText('POST /pets', { exact: true }).waitFor();
    const requestBody = await editorText(dialog.getByRole('textbox', { name: 'Request body' }));
    expect(requestBody).toBe('{\n  "name": "Rex"\n}');
    await dialog.getByRole('table', { name: 'Request headers' }).getByText("it's me").waitFor();

    await dialog.getByRole('button', { name: 'Copy as cURL' }).click();
    await toastOn(page, 'cURL command copied.').waitFor();
    const curl = await page.evaluate(() => navigator.clipboard.readText());
    expect(curl).toContain(`curl -X POST '${base}/pets?source=e2e'`);
    expect(curl).toContain(`-H 'x-trace: it'\\''s me'`);
    expect(curl).toContain(`--data-raw '{"name":"Rex"}'`);

    await dialog.getByRole('button', { name: 'Open in API Lab' }).click();
    await page.waitForURL('**/api-lab');
    await expect.poll(() => main().getByLabel('Request URL').inputValue()).toBe(`${base}/pets`);
    expect(await main().getByRole('combobox', { name: 'API Name' }).textContent()).toBe('Pets');
    expect(await main().getByRole('combobox', { name: 'Request Method' }).textContent()).toContain('POST');
    const query = main().getByRole('group', { name: 'Query param 1' });
    expect(await query.getByLabel('Key').inputValue()).toBe('source');
    expect(await query.getByLabel('Value').inputValue()).toBe('e2e');
    const parts = main().getByRole('tablist', { name: 'Request parts' });
    await parts.getByRole('tab', { name: 'Body' }).click();
    expect(await editorText(main().getByRole('textbox', { name: 'Body', exact: true }))).toBe(
      '{\n  "name": "Rex"\n}',
    );
    await parts.getByRole('tab', { name: 'Headers' }).click();
    await expect
      .poll(async () => {
        const values = await main()
          .getByLabel('Value')
          .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
        return values;
      })
      .toContain("it's me");

    // Sent again from the Lab, the call is one more on the list.
    await main().getByRole('button', { name: 'Send' }).click();
    await main().getByRole('region', { name: 'Response' }).getByText('201 Created').waitFor();
    await page.goBack();
    await page.waitForURL('**/requests/*');
    await expect.poll(() => callRows().count(), { timeout: 5_000 }).toBe(4);
  });

  it('logs the delays and failures the traffic simulation adds, and filters them', async () => {
    const { user, api } = await aUserWithDeployedPets();
    const base = api.apiBaseUrl as string;
    await signInAs(user);
    // a 2 s delay and a 50 % failure on GET /pets, set on its Behaviour tab
    const sidebar = page.getByRole('navigation', { name: 'APIs' });
    await sidebar.getByRole('button', { name: 'Pets', exact: true }).click();
    await followLink(sidebar.getByRole('link', { name: 'GET /pets', exact: true }));
    await main().getByRole('tab', { name: 'Behaviour' }).click();
    const behaviour = main().getByRole('form', { name: 'Endpoint behaviour' });
    await behaviour.getByLabel('Delay (ms)').fill('2000');
    await behaviour.getByLabel('Failure rate (%)').fill('50');
    await behaviour.getByRole('button', { name: 'Save behaviour' }).click();
    await toastOn(page, behaviourMessages.saved).waitFor();

    await main().getByRole('link', { name: 'Requests' }).click();
    await page.waitForURL(`**/requests/${api.id}`);
    await main().getByRole('status').filter({ hasText: 'Live' }).waitFor();

    // Half fail at random: calls go five at a time until both outcomes were seen (six rounds at most:
    // all thirty the same has a chance of one in half a billion).
    const statuses: number[] = [];
    for (let round = 0; round < 6 && !(statuses.includes(200) && statuses.includes(500)); round++) {
      const answers = await Promise.all(Array.from({ length: 5 }, () => fetch(`${base}/pets`)));
      statuses.push(...answers.map((a) => a.status));
      await Promise.all(answers.map((a) => a.arrayBuffer()));
    }
    expect(statuses).toContain(200);
    expect(statuses).toContain(500);

    await expect.poll(() => callRows().count(), { timeout: 5_000 }).toBe(statuses.length);
    for (const duration of await requests().locator('tbody tr td:nth-child(5)').allTextContents()) {
      const [, seconds] = duration.match(/^(\d+\.\d+) s$/) ?? [];
      expect(Number(seconds), duration).toBeGreaterThanOrEqual(2);
    }

    await main().getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: '5xx' }).click();
    await page.waitForURL((url) => url.searchParams.get('status') === '5xx');
    const failures = statuses.filter((s) => s === 500).length;
    await expect.poll(() => callRows().count()).toBe(failures);
    expect(new Set(await requests().locator('tbody tr td:nth-child(4)').allTextContents())).toEqual(
      new Set(['500']),
    );
    expect(await callRows().first().textContent()).toContain('Simulated failure');
    await callRows().first().click();
    await page
      .getByRole('dialog')
      .getByText(/^Delayed 2\.\d\d s, failed on purpose$/)
      .waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

    // The filter holds for what arrives live too: a success stays off this list.
    const more = await Promise.all(Array.from({ length: 6 }, () => fetch(`${base}/pets`)));
    const moreFailures = more.filter((a) => a.status === 500).length;
    await expect.poll(() => callRows().count(), { timeout: 5_000 }).toBe(failures + moreFailures);

    // Cleared, the log starts again empty.
    await main().getByRole('button', { name: 'Reset filters' }).click();
    await main().getByRole('button', { name: 'Clear log' }).click();
    await page
      .getByRole('dialog', { name: 'Clear the request log' })
      .getByRole('button', { name: 'Clear' })
      .click();
    await toastOn(page, 'Request log cleared.').waitFor();
    await main().getByRole('heading', { name: 'No requests yet' }).waitFor();
  });

  it('says when the log kept only the start of a long query', async () => {
    const { user, api } = await aUserWithDeployedPets();
    const query = `q=${'x'.repeat(3000)}`;
    expect((await fetch(`${api.apiBaseUrl}/pets?${query}`)).status).toBe(200);
    await signInAs(user);
    await openRequestsFromDashboard('Pets');
    await callRows().first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Only the start of the query was kept.').waitFor();
    expect(await dialog.getByText(/^\/pets\?q=x+$/).textContent()).toHaveLength('/pets?'.length + 1024);
  });

  it('says why live updates are paused when the user has too many streams open, and resumes', async () => {
    const { user, api } = await aUserWithDeployedPets();
    // ten streams of one reader, the most it may have: read elsewhere, as by other tabs or jobs
    const token = await sessionOf(product, user.username);
    const elsewhere = [];
    for (let n = 0; n < 10; n++) {
      const abort = new AbortController();
      const res = await fetch(`${product.url}${requestLogPaths.stream(api.id)}`, {
        headers: { Authorization: `Bearer ${token}` },
        signal: abort.signal,
      });
      expect(res.status).toBe(200);
      elsewhere.push(abort);
    }
    try {
      await signInAs(user);
      await page.goto(`/requests/${api.id}`);
      const paused = main().getByRole('alert', { name: 'Live updates paused' });
      await paused.waitFor();
      expect(await paused.textContent()).toContain(requestLogStreamRefusals.reader);

      elsewhere.pop()?.abort();
      await main().getByRole('status').filter({ hasText: 'Live' }).waitFor({ timeout: 20_000 });
      await paused.waitFor({ state: 'detached' });
    } finally {
      for (const abort of elsewhere) abort.abort();
    }
  });

  it('lets a Viewer read the log page by page, but not clear it', async () => {
    const { user, api } = await aUserWithDeployedPets();
    // two more than a page holds, oldest first
    for (let n = 1; n <= 52; n++) await (await fetch(`${api.apiBaseUrl}/pets?n=${n}`)).arrayBuffer();
    await signInAs(await addMember(product, user.email, ROLE_VIEWER));
    await openRequestsFromDashboard('Pets');
    await expect.poll(() => callRows().count()).toBe(50);
    expect(await callRows().first().getByRole('button').textContent()).toBe('/pets?n=52');
    await main().getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => callRows().count()).toBe(52);
    expect(await callRows().last().getByRole('button').textContent()).toBe('/pets?n=1');
    await main().getByRole('button', { name: 'Load more' }).waitFor({ state: 'detached' });
    expect(await main().getByRole('button', { name: 'Clear log' }).isDisabled()).toBe(true);
  });
});
