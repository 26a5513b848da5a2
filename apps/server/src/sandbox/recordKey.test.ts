import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AutomaticLinks } from '@sandbox/contracts';
import { apisPaths } from '@sandbox/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndVerify } from '../../test/support/accounts.js';
import { importApi } from '../../test/support/catalog.js';
import { deploy } from '../../test/support/sandbox.js';
import { dialects } from '../../test/support/scratchDatabase.js';
import { startTestApp, type TestApp } from '../../test/support/testApp.js';

// Swagger's own petstore: /user/{username} answers a User, which has both `id` and `username`.
const petstore = readFileSync(
  createRequire(import.meta.url).resolve('@readme/oas-examples/3.0/json/petstore.json'),
  'utf8',
);

describe.each(dialects)('a path parameter named like a field of the record, on %s', (dialect) => {
  let app: TestApp;
  let auth: { authorization: string };
  let sandbox: Awaited<ReturnType<typeof deploy>>;
  const endpointId = (method: string, path: string) =>
    sandbox.api.apiConfigList.find((e) => e.methodType === method && e.apiEndPoint === path)?.id as number;

  beforeAll(async () => {
    app = await startTestApp(dialect);
    ({ auth } = await signUpAndVerify(app));
    sandbox = await deploy(app, auth, petstore);
  });
  afterAll(() => app.close());

  it('finds a test data row by that field, unmapped', async () => {
    const rows = [
      { id: 1, username: 'ada', email: 'ada@example.com' },
      { id: 2, username: 'grace', email: 'grace@example.com' },
    ];
    const saved = await app.server.inject({
      method: 'POST',
      url: `/api/api-response/${endpointId('GET', '/user/{username}')}/test-data-upload/`,
      payload: rows,
      headers: auth,
    });
    expect(saved.statusCode).toBe(200);
    const found = await sandbox.call('GET', '/user/grace', { headers: { accept: 'application/json' } });
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({ id: 2, username: 'grace' });
    expect((await sandbox.call('GET', '/user/2')).statusCode).toBe(404);
  });

  it('keeps finding a record by id when the parameter names no field', async () => {
    const json = { accept: 'application/json' };
    const created = await sandbox.call('POST', '/store/order', {
      body: { id: 7, petId: 1, quantity: 2 },
      headers: json,
    });
    expect(created.statusCode).toBe(200);
    const found = await sandbox.call('GET', '/store/order/7', { headers: json });
    expect(found.json()).toMatchObject({ id: 7, quantity: 2 });
  });

  it('stores a created record under that field, so it is found by it', async () => {
    const json = { accept: 'application/json' };
    await sandbox.call('POST', '/user', { body: { id: 9, username: 'linus' }, headers: json });
    const found = await sandbox.call('GET', '/user/linus', { headers: json });
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({ id: 9, username: 'linus' });
  });

  it('shows the Mapping tab the endpoints of the resource and the field each finds a record by', async () => {
    const res = await app.server.inject({
      url: apisPaths.automaticLinks(sandbox.api.id, endpointId('POST', '/user')),
      headers: auth,
    });
    expect(res.statusCode).toBe(200);
    const links: AutomaticLinks = res.json();
    expect(links.resource).toBe('/user');
    expect(links.endpoints.map((e) => [e.methodType, e.apiEndPoint, e.keyParam, e.keyField])).toEqual(
      expect.arrayContaining([
        ['GET', '/user/{username}', 'username', 'username'],
        ['PUT', '/user/{username}', 'username', 'username'],
        ['DELETE', '/user/{username}', 'username', 'username'],
      ]),
    );
    expect(links.endpoints.some((e) => e.apiEndPoint === '/user/login')).toBe(false);
  });

  it("reads a list's items for the fields of its records", async () => {
    const notes = `openapi: 3.0.3
info: { title: Notes, version: 1.0.0 }
paths:
  /notes:
    get:
      responses:
        '200':
          description: OK
          content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Note' } } } }
  /notes/{slug}:
    delete:
      parameters: [{ name: slug, in: path, required: true, schema: { type: string } }]
      responses: { '204': { description: Gone } }
components:
  schemas:
    Note: { type: object, properties: { slug: { type: string }, text: { type: string } } }
`;
    const imported = await importApi(app, auth, notes, 'notes.yaml');
    const api = imported.json();
    const list = api.apiConfigList.find((e: { apiEndPoint: string }) => e.apiEndPoint === '/notes');
    const res = await app.server.inject({ url: apisPaths.automaticLinks(api.id, list.id), headers: auth });
    expect(res.json().endpoints).toEqual([
      expect.objectContaining({
        apiEndPoint: '/notes/{slug}',
        keyParam: 'slug',
        keyField: 'slug',
        mappedByHand: false,
      }),
    ]);
  });
});
