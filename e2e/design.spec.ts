import { type ApiMasterDetail, apiMessages, apisPaths, ROLE_VIEWER } from '@sandbox/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { runProductInBrowser, toastOn } from './support/inBrowser.js';
import { addMember, sessionTokenOf, signIn, signUpAndVerifyByApi } from './support/journeys.js';
import { addProperty, saveSchema } from './support/schemas.js';
import type { RunningProduct } from './support/server.js';

// A user designs a pet collection from nothing in the screens (list, create, get by id), deploys it
// and calls the sandbox as curl would: it answers and validates as designed. A Viewer of the team
// then finds every design control disabled.

let product: RunningProduct;
let page: Page;

runProductInBrowser({ product: (p) => (product = p), page: (p) => (page = p) });

const main = () => page.getByRole('main');
const sidebar = () => page.getByRole('navigation', { name: 'APIs' });

/** Picks an option of a select (MUI's combobox) inside `scope`. */
async function choose(scope: ReturnType<Page['getByRole']>, select: string | RegExp, option: string) {
  await scope.getByRole('combobox', { name: select }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Adds a response with the named schema its body is, on the endpoint on screen. */
async function addResponse(code: string, codeText: string, description: string, schema: string) {
  await main().getByRole('tab', { name: 'Response' }).click();
  await main().getByRole('button', { name: 'Add Response' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Response' });
  await choose(dialog, 'Status Code', `${code} ${codeText}`);
  await dialog.getByLabel('Description').fill(description);
  await choose(dialog, 'Body Schema', schema);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });
  await main()
    .getByRole('button', { name: new RegExp(`^${code}`) })
    .waitFor();
}

/** Adds an endpoint from the API's overview; answers once its screen shows. */
async function addEndpoint(method: string, path: string) {
  await sidebar().getByRole('link', { name: 'Pets overview' }).click();
  await main().getByRole('button', { name: 'Add Endpoint' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Endpoint' });
  if (method !== 'GET') await choose(dialog, 'Method', method);
  await dialog.getByLabel('Path').fill(path);
  await dialog.getByLabel('Tag').fill('pets');
  return dialog;
}

async function submitEndpoint(dialog: ReturnType<Page['getByRole']>, route: string) {
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.waitForURL(/\/request\/\d+\/\d+$/);
  await main()
    .getByTestId('endpoint-path')
    .getByText(route.split(' ')[1] ?? '', { exact: true })
    .waitFor();
}

describe('designing an API from nothing', () => {
  let owner: { email: string };
  let apiPath: string;

  it('starts empty, designs pets, deploys them, and the sandbox answers and validates as designed', async () => {
    const user = await signUpAndVerifyByApi(product);
    owner = user;
    await signIn(page, user.username, user.password);
    await page.waitForURL('**/dashboard');

    await main().getByRole('button', { name: 'Start Empty API' }).click();
    const start = page.getByRole('dialog', { name: 'Start an empty API' });
    await start.getByRole('button', { name: 'Create' }).click();
    await start.getByText('API name is required').waitFor();
    await start.getByLabel('Name').fill('pets');
    await start.getByLabel('Description').fill('pets of the shop');
    await start.getByLabel('Version').fill('10');
    expect(await start.getByLabel('Name').inputValue()).toBe('Pets');
    await start.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/request\/\d+$/);
    apiPath = new URL(page.url()).pathname;
    const apiMasterId = Number(apiPath.split('/').at(-1));
    await main().getByText('This API has no endpoints yet.').waitFor();

    // Named schemas: Pet {id integer, name string required}, and a list of them.
    await main().getByRole('button', { name: 'New Schema' }).click();
    let dialog = page.getByRole('dialog', { name: 'New Schema' });
    await dialog.getByLabel('Schema Name').fill('Pet');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.waitFor({ state: 'detached' });
    const pet = main().getByRole('region', { name: 'Schema Pet', exact: true });
    await addProperty(pet, 'id');
    await choose(pet.getByRole('group', { name: 'id', exact: true }), 'Type', 'integer');
    await addProperty(pet, 'name', { mandatory: true });
    await saveSchema(page, pet, 'Pet');

    await main().getByRole('button', { name: 'New Schema' }).click();
    dialog = page.getByRole('dialog', { name: 'New Schema' });
    await dialog.getByLabel('Schema Name').fill('PetList');
    await choose(dialog, 'Kind', 'List of another schema');
    await choose(dialog, 'Items Schema', 'Pet');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await main().getByRole('region', { name: 'Schema PetList' }).getByText('(array of Pet)').waitFor();

    // GET /pets answers the list.
    await main().getByRole('button', { name: 'Add Endpoint' }).click();
    dialog = page.getByRole('dialog', { name: 'Add Endpoint' });
    await dialog.getByLabel('Path').fill('/pets');
    await dialog.getByLabel('Tag').fill('pets');
    await submitEndpoint(dialog, 'GET /pets');
    await addResponse('200', 'OK', 'The pets', 'PetList');

    // POST /pets takes a Pet and answers 201 with it.
    dialog = await addEndpoint('GET', '/pets');
    // the same method and path twice is refused, next to the path
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.getByText('GET /pets is already an endpoint of this API').waitFor();
    await choose(dialog, 'Method', 'POST');
    await submitEndpoint(dialog, 'POST /pets');
    await main().getByRole('tab', { name: 'Body' }).click();
    await choose(main(), 'Schema Name', 'Pet');
    await main().getByRole('region', { name: 'Schema Pet', exact: true }).waitFor();
    await addResponse('201', 'Created', 'The pet, with its id', 'Pet');

    // GET /pets/{petId}: its path parameter shows as the path is typed, then is made an integer.
    dialog = await addEndpoint('GET', '/pets/{petId}');
    await dialog.getByText('petId', { exact: true }).waitFor();
    await submitEndpoint(dialog, 'GET /pets/{petId}');
    const petId = main().getByRole('group', { name: 'petId', exact: true });
    await choose(petId, /^Type/, 'integer');
    // ids start at 1: the row's constraints say so
    await petId.getByRole('button', { name: 'Constraints' }).click();
    await main().getByRole('group', { name: 'Constraints of petId' }).getByLabel('Minimum').fill('1');
    await Promise.all([
      page.waitForResponse((r) => r.url().includes('/api/parameter-config/') && r.ok()),
      main().getByRole('button', { name: 'Save', exact: true }).click(),
    ]);
    await addResponse('200', 'OK', 'The pet', 'Pet');

    // Deploy from the API's menu, then call the sandbox from outside the browser.
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
    const call = (method: string, path: string, body?: unknown) =>
      fetch(`${api.apiBaseUrl}${path}`, {
        method,
        headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });

    const created = await call('POST', '/pets', { name: 'Rex' });
    expect(created.status).toBe(201);
    const rex = (await created.json()) as { id: unknown; name: unknown };
    expect(rex.name).toBe('Rex');
    expect(Number.isInteger(rex.id)).toBe(true);

    const refused = await call('POST', '/pets', {});
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain('name');

    const belowMinimum = await call('GET', '/pets/0');
    expect(belowMinimum.status).toBe(400);
    expect(JSON.stringify(await belowMinimum.json())).toContain('path.petId');

    const found = await call('GET', `/pets/${rex.id}`);
    expect(found.status).toBe(200);
    expect(await found.json()).toEqual(rex);
    const listed = await call('GET', '/pets');
    expect(listed.status).toBe(200);
    expect(await listed.json()).toContainEqual(rex);
  });

  it('shows a Viewer every design control disabled', async () => {
    const viewer = await addMember(product, owner.email, ROLE_VIEWER);
    await signIn(page, viewer.username, viewer.password);
    await page.waitForURL('**/dashboard');
    expect(await main().getByRole('button', { name: 'Start Empty API' }).count()).toBe(0);
    await page.goto(apiPath);
    const pet = main().getByRole('region', { name: 'Schema Pet', exact: true });
    await pet.waitFor();
    expect(await main().getByRole('button', { name: 'Add Endpoint' }).isDisabled()).toBe(true);
    expect(await main().getByRole('button', { name: 'New Schema' }).isDisabled()).toBe(true);
    expect(await pet.getByRole('button', { name: 'Add Property' }).isDisabled()).toBe(true);
    expect(await pet.getByRole('button', { name: 'Rename' }).isDisabled()).toBe(true);
    expect(await pet.getByRole('group', { name: 'name', exact: true }).getByLabel('Key').isDisabled()).toBe(
      true,
    );

    await main().getByRole('link', { name: 'GET /pets/{petId}' }).click();
    await main().getByRole('button', { name: 'Edit Endpoint' }).waitFor();
    expect(await main().getByRole('button', { name: 'Edit Endpoint' }).isDisabled()).toBe(true);
    expect(await main().getByRole('button', { name: 'Delete Endpoint' }).isDisabled()).toBe(true);
    expect(await main().getByRole('button', { name: 'Add Parameter' }).isDisabled()).toBe(true);
    await main().getByRole('tab', { name: 'Response' }).click();
    expect(await main().getByRole('button', { name: 'Remove Response' }).isDisabled()).toBe(true);
    expect(await main().getByRole('button', { name: 'New Schema' }).isDisabled()).toBe(true);
  });
});
