import {
  type ApiMasterDetail,
  apisPaths,
  designMessages,
  designPaths,
  type EndpointDetail,
} from '@sandbox/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { runProductInBrowser } from './support/inBrowser.js';
import { sessionTokenOf, signedInUser } from './support/journeys.js';
import type { RunningProduct } from './support/server.js';

// A user renames a schema they added: the endpoint answering it and the exported document follow,
// and a name another schema has is refused in the dialog.

let product: RunningProduct;
let page: Page;

runProductInBrowser({ product: (p) => (product = p), page: (p) => (page = p) });

const main = () => page.getByRole('main');

/** Calls the control-plane API as the signed-in user; answers the JSON it sends back. */
async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${product.url}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${await sessionTokenOf(page)}`,
      ...(body !== undefined && { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

describe('renaming a schema', () => {
  it('renames a schema everywhere it is used, and refuses a name already taken', async () => {
    await signedInUser(page, product);
    const api = await call<ApiMasterDetail>('POST', apisPaths.save, {
      apiMasterName: 'Pets',
      apiDescription: 'Pets of the shop',
      apiVersion: '1.0',
    });
    await call('POST', designPaths.schemas(api.id), {
      schemaName: 'Pet',
      configProperties: [{ jsonKey: 'name', jsonKeyType: 'string', isMandatory: true }],
    });
    await call('POST', designPaths.schemas(api.id), { schemaName: 'Owner' });
    const endpoint = await call<EndpointDetail>('POST', designPaths.endpoints(api.id), {
      methodType: 'GET',
      apiEndPoint: '/pets/{petId}',
    });
    await call('POST', apisPaths.createResponse(api.id, endpoint.id), {
      statusCode: '200',
      description: 'The pet',
      responseSchemaName: 'Pet',
    });

    await page.goto(`/request/${api.id}`);
    await main()
      .getByRole('region', { name: 'Schema Pet', exact: true })
      .getByRole('button', { name: 'Rename' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Rename Schema' });
    const name = dialog.getByLabel('Schema Name');
    expect(await name.inputValue()).toBe('Pet');
    await name.fill('Owner');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText(designMessages.schemaExists('Owner')).waitFor();
    // Enter saves, as in every form
    await name.fill('Cat');
    await name.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await main().getByRole('region', { name: 'Schema Cat', exact: true }).waitFor();
    expect(await main().getByRole('region', { name: 'Schema Pet', exact: true }).count()).toBe(0);

    await main().getByRole('link', { name: 'GET /pets/{petId}' }).click();
    await main().getByRole('tab', { name: 'Response' }).click();
    await main().getByRole('region', { name: 'Schema Cat', exact: true }).waitFor();
    expect(await main().getByRole('combobox', { name: 'Response Schema' }).textContent()).toBe('Cat');

    const exported = await call<{ components: { schemas: Record<string, unknown> } }>(
      'GET',
      apisPaths.openapi(api.id),
    );
    expect(Object.keys(exported.components.schemas).sort()).toEqual(['Cat', 'Owner']);
    expect(JSON.stringify(exported)).toContain('"#/components/schemas/Cat"');
    expect(JSON.stringify(exported)).not.toContain('schemas/Pet');
  });
});
