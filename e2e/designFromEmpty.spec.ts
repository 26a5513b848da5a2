import { apisPaths, type EndpointDetail } from '@sandbox/contracts';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { runProductInBrowser } from './support/inBrowser.js';
import { deployByApi, sessionTokenOf, signIn, signUpAndVerifyByApi } from './support/journeys.js';
import { addProperty, saveSchema } from './support/schemas.js';
import type { RunningProduct } from './support/server.js';

// A new user starts an empty Todo API in the screens: the body schema of its first response is made
// from Add Response itself, its id set to Auto Generation UUID, and a cookie parameter added beside
// the path one. The deployed sandbox answers UUIDs and checks the cookie; the export says both.

let product: RunningProduct;
let page: Page;

runProductInBrowser({ product: (p) => (product = p), page: (p) => (page = p) });

const main = () => page.getByRole('main');

/** Picks an option of a select (MUI's combobox) inside `scope`. */
async function choose(scope: Locator, select: string | RegExp, option: string) {
  await scope.getByRole('combobox', { name: select }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('designing a Todo API from an empty one', () => {
  it('makes the response schema from Add Response, generates UUIDs for its id, and takes a cookie', async () => {
    const user = await signUpAndVerifyByApi(product);
    await signIn(page, user.username, user.password);
    await page.waitForURL('**/dashboard');
    await main().getByRole('button', { name: 'Start Empty API' }).click();
    const start = page.getByRole('dialog', { name: 'Start an empty API' });
    await start.getByLabel('Name').fill('todos');
    await start.getByLabel('Description').fill('things to do');
    await start.getByLabel('Version').fill('10');
    await start.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/request\/\d+$/);
    const apiMasterId = Number(new URL(page.url()).pathname.split('/').at(-1));

    await main().getByRole('button', { name: 'Add Endpoint' }).first().click();
    const addEndpoint = page.getByRole('dialog', { name: 'Add Endpoint' });
    await addEndpoint.getByLabel('Path').fill('/todos/{todoId}');
    await addEndpoint.getByRole('button', { name: 'Add', exact: true }).click();
    await addEndpoint.waitFor({ state: 'detached' });
    await page.waitForURL(/\/request\/\d+\/\d+$/);
    const endpointId = Number(new URL(page.url()).pathname.split('/').at(-1));
    const token = await sessionTokenOf(page);
    const read = async <T>(path: string): Promise<T> => {
      const res = await fetch(`${product.url}${path}`, { headers: { Authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
      return (await res.json()) as T;
    };
    const endpoint = () => read<EndpointDetail>(apisPaths.endpoint(apiMasterId, endpointId));

    // Add Response → New Schema: creating the schema comes back to Add Response with it chosen
    await main().getByRole('tab', { name: 'Response' }).click();
    await main().getByRole('button', { name: 'Add Response' }).click();
    const addResponse = page.getByRole('dialog', { name: 'Add Response' });
    await choose(addResponse, 'Status Code', '200 OK');
    await addResponse.getByLabel('Description').fill('The todo');
    await addResponse.getByRole('button', { name: 'New Schema' }).click();
    const newSchema = page.getByRole('dialog', { name: 'New Schema' });
    await newSchema.getByLabel('Schema Name').fill('Todo');
    await newSchema.getByRole('button', { name: 'Create' }).click();
    await newSchema.waitFor({ state: 'detached' });
    await expect
      .poll(() => addResponse.getByRole('combobox', { name: 'Body Schema' }).textContent())
      .toBe('Todo');
    // the response waits for its own Save
    expect((await endpoint()).responseConfigList).toEqual([]);
    await addResponse.getByRole('button', { name: 'Save' }).click();
    await addResponse.waitFor({ state: 'detached' });
    expect((await endpoint()).responseConfigList).toMatchObject([
      { responseCode: '200', responseDescription: 'The todo', responseSchemaName: 'Todo' },
    ]);
    expect(await main().getByRole('combobox', { name: 'Response Schema' }).textContent()).toBe('Todo');

    // its id is generated as a UUID
    const todo = main().getByRole('region', { name: 'Schema Todo', exact: true });
    await addProperty(todo, 'id', { mandatory: true });
    await choose(todo.getByRole('group', { name: 'id', exact: true }), 'Auto Generation', 'UUID');
    await addProperty(todo, 'title', { mandatory: true });
    await saveSchema(page, todo, 'Todo');

    // a cookie parameter beside the path one
    await main().getByRole('tab', { name: 'Request' }).click();
    await main().getByRole('button', { name: 'Add Parameter' }).click();
    const row = main().getByRole('group', { name: 'parameter 2', exact: true });
    await row.getByLabel('Key').fill('session');
    await choose(row, 'Field Value', 'cookie');
    await row.getByLabel('Required').check();
    await Promise.all([
      page.waitForResponse((r) => r.url().endsWith(apisPaths.parameters(endpointId)) && r.ok()),
      main().getByRole('button', { name: 'Save', exact: true }).click(),
    ]);
    await page.reload();
    const session = main().getByRole('group', { name: 'session', exact: true });
    expect(await session.getByRole('combobox', { name: 'Field Value' }).textContent()).toBe('cookie');
    expect(await session.getByLabel('Required').isChecked()).toBe(true);

    const deployed = await deployByApi(product, token, apiMasterId);
    const call = (cookie?: string) =>
      fetch(`${deployed.apiBaseUrl}/todos/1`, {
        headers: { Prefer: 'dynamic=true', ...(cookie && { Cookie: cookie }) },
      });
    const refused = await call();
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain('cookie.session');
    for (let i = 0; i < 3; i++) {
      const answer = await call('session=abc');
      expect(answer.status).toBe(200);
      expect(((await answer.json()) as { id: string }).id).toMatch(UUID);
    }

    const document = await read<{
      paths: Record<string, { get: { parameters: unknown[] } }>;
      components: { schemas: Record<string, { properties: Record<string, unknown> }> };
    }>(apisPaths.openapi(apiMasterId));
    expect(document.components.schemas.Todo.properties.id).toMatchObject({ type: 'string', format: 'uuid' });
    expect(document.paths['/todos/{todoId}'].get.parameters).toContainEqual(
      expect.objectContaining({ name: 'session', in: 'cookie', required: true, schema: { type: 'string' } }),
    );
  });
});
