import { type ApiMasterDetail, apiMessages, apisPaths, ROLE_VIEWER } from '@sandbox/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { runProductInBrowser, toastOn } from './support/inBrowser.js';
import { addMember, importApiAs, sessionTokenOf, signIn, signUpAndVerifyByApi } from './support/journeys.js';
import { addProperty, saveSchema } from './support/schemas.js';
import type { RunningProduct } from './support/server.js';

// A user designs POST /pets to take a form rather than JSON, deploys it, and the sandbox reads the
// form's fields and refuses a JSON body; the Body tab shows the chosen media type and Required after
// a reload, and a Viewer cannot change them.

let product: RunningProduct;
let page: Page;

runProductInBrowser({ product: (p) => (product = p), page: (p) => (page = p) });

const main = () => page.getByRole('main');
const sidebar = () => page.getByRole('navigation', { name: 'APIs' });
const FORM = 'application/x-www-form-urlencoded';

/** Picks an option of a select (MUI's combobox) inside `scope`. */
async function choose(scope: ReturnType<Page['getByRole']>, select: string | RegExp, option: string) {
  await scope.getByRole('combobox', { name: select }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

/** Waits for the request body's save that `act` makes, until its controls can be used again. */
async function savingBody(act: () => Promise<void>) {
  await Promise.all([
    page.waitForResponse(
      (r) => r.url().endsWith('/request-body') && r.request().method() === 'PUT' && r.ok(),
    ),
    act(),
  ]);
  await expect.poll(() => main().getByLabel('Required').isEnabled()).toBe(true);
}

describe('designing a request body in another media type than JSON', () => {
  let owner: { email: string };
  let endpointPath: string;

  it('takes a form-encoded Pet in the sandbox and shows the chosen media type after a reload', async () => {
    const user = await signUpAndVerifyByApi(product);
    owner = user;
    await signIn(page, user.username, user.password);
    await page.waitForURL('**/dashboard');

    await main().getByRole('button', { name: 'Start Empty API' }).click();
    const start = page.getByRole('dialog', { name: 'Start an empty API' });
    await start.getByLabel('Name').fill('pets');
    await start.getByLabel('Description').fill('pets of the shop');
    await start.getByLabel('Version').fill('10');
    await start.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/request\/\d+$/);
    const apiMasterId = Number(new URL(page.url()).pathname.split('/').at(-1));

    // Pet {name string required}
    await main().getByRole('button', { name: 'New Schema' }).click();
    let dialog = page.getByRole('dialog', { name: 'New Schema' });
    await dialog.getByLabel('Schema Name').fill('Pet');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.waitFor({ state: 'detached' });
    const pet = main().getByRole('region', { name: 'Schema Pet', exact: true });
    await addProperty(pet, 'name', { mandatory: true });
    await saveSchema(page, pet, 'Pet');

    // POST /pets takes a Pet, as a form, and answers 201 with it.
    await main().getByRole('button', { name: 'Add Endpoint' }).click();
    dialog = page.getByRole('dialog', { name: 'Add Endpoint' });
    await choose(dialog, 'Method', 'POST');
    await dialog.getByLabel('Path').fill('/pets');
    await dialog.getByLabel('Tag').fill('pets');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.waitForURL(/\/request\/\d+\/\d+$/);
    endpointPath = new URL(page.url()).pathname;
    await main().getByRole('tab', { name: 'Body' }).click();
    await savingBody(() => choose(main(), 'Schema Name', 'Pet'));
    await main().getByRole('region', { name: 'Schema Pet', exact: true }).waitFor();
    expect(await main().getByRole('combobox', { name: 'Media Type' }).textContent()).toBe('application/json');
    expect(await main().getByLabel('Required').isChecked()).toBe(true);
    await savingBody(() => choose(main(), 'Media Type', FORM));
    await savingBody(() => main().getByLabel('Required').uncheck());

    await main().getByRole('tab', { name: 'Response' }).click();
    await main().getByRole('button', { name: 'Add Response' }).click();
    dialog = page.getByRole('dialog', { name: 'Add Response' });
    await choose(dialog, 'Status Code', '201 Created');
    await dialog.getByLabel('Description').fill('The pet');
    await choose(dialog, 'Body Schema', 'Pet');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });

    await sidebar().getByRole('button', { name: 'API actions' }).click();
    await page.getByRole('menuitem', { name: 'Deploy' }).click();
    await page.getByRole('dialog', { name: 'Deploy API' }).getByRole('button', { name: 'Deploy' }).click();
    await toastOn(page, apiMessages.deploySuccess).waitFor();
    const token = await sessionTokenOf(page);
    const api = (await (
      await fetch(`${product.url}${apisPaths.one(apiMasterId)}`, {
        headers: { Authorization: `Bearer ${token}` },
      })
    ).json()) as ApiMasterDetail;
    const post = (contentType: string, body: string) =>
      fetch(`${api.apiBaseUrl}/pets`, { method: 'POST', headers: { 'Content-Type': contentType }, body });

    const created = await post(FORM, new URLSearchParams({ name: 'Rex' }).toString());
    expect(created.status).toBe(201);
    expect(((await created.json()) as { name: unknown }).name).toBe('Rex');

    const withoutName = await post(FORM, new URLSearchParams({ nickname: 'Rex' }).toString());
    expect(withoutName.status).toBe(400);
    expect(JSON.stringify(await withoutName.json())).toContain('body.name');

    const asJson = await post('application/json', JSON.stringify({ name: 'Rex' }));
    expect(asJson.status).toBe(415);
    expect(JSON.stringify(await asJson.json())).toContain(FORM);

    // The Body tab shows the saved media type after a reload.
    await page.goto(endpointPath);
    await main().getByRole('tab', { name: 'Body' }).click();
    await main().getByRole('region', { name: 'Schema Pet', exact: true }).waitFor();
    expect(await main().getByRole('combobox', { name: 'Media Type' }).textContent()).toBe(FORM);
    expect(await main().getByLabel('Required').isChecked()).toBe(false);
  });

  it('shows a Viewer the media type and Required, neither of which they can change', async () => {
    const viewer = await addMember(product, owner.email, ROLE_VIEWER);
    await signIn(page, viewer.username, viewer.password);
    await page.waitForURL('**/dashboard');
    await page.goto(endpointPath);
    await main().getByRole('tab', { name: 'Body' }).click();
    const mediaType = main().getByRole('combobox', { name: 'Media Type' });
    await mediaType.waitFor();
    expect(await mediaType.textContent()).toBe(FORM);
    expect(await mediaType.isDisabled()).toBe(true);
    expect(await main().getByLabel('Required').isDisabled()).toBe(true);
  });

  it("keeps an imported body's several media types as imported, saying which others it takes", async () => {
    const user = await signUpAndVerifyByApi(product);
    await signIn(page, user.username, user.password);
    await page.waitForURL('**/dashboard');
    const api = await importApiAs(product, await sessionTokenOf(page), {
      name: 'Shop',
      document: `openapi: 3.0.3
info: { title: Shop, version: '1.0' }
paths:
  /pets:
    post:
      requestBody:
        content:
          application/json: { schema: { $ref: '#/components/schemas/Pet' } }
          application/xml: { schema: { $ref: '#/components/schemas/Pet' } }
      responses: { '201': { description: Created } }
components:
  schemas:
    Pet: { type: object, properties: { name: { type: string } } }
`,
    });
    await page.goto(`/request/${api.id}/${api.apiConfigList[0]?.id}`);
    await main().getByRole('tab', { name: 'Body' }).click();
    await main().getByRole('region', { name: 'Schema Pet', exact: true }).waitFor();
    const mediaType = main().getByRole('combobox', { name: 'Media Type' });
    expect(await mediaType.textContent()).toBe('application/json');
    expect(await mediaType.isDisabled()).toBe(true);
    await main().getByText('As imported, the body may also be sent as application/xml.').waitFor();
  });
});
