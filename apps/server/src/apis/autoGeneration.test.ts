import type { ApiMaster, BodyProperty } from '@sandbox/contracts';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndVerify } from '../../test/support/accounts.js';
import { importApi } from '../../test/support/catalog.js';
import { designer } from '../../test/support/design.js';
import { dialects } from '../../test/support/scratchDatabase.js';
import { startTestApp, type TestApp } from '../../test/support/testApp.js';

// A property's Auto Generation, chosen in the schema editor, reaches the schema the sandbox answers
// from and the export writes: UUID is `format: uuid` (and generated answers are UUIDs), Random Number
// and Random String are the keyword the generator follows. The API is designed through the calls the
// screens make: Start Empty API, New Schema, the editor's Save, Add Endpoint, Add Response.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The Todo schema's properties as the editor sends them once each row is set. */
const todoProperties: BodyProperty[] = [
  { jsonKey: 'id', jsonKeyType: 'string', isMandatory: true, autoGenerationType: 'UUID' },
  { jsonKey: 'title', jsonKeyType: 'string', isMandatory: true, autoGenerationType: 'Random Number' },
  // an email unless told otherwise: the generator writes one for this name
  { jsonKey: 'email', jsonKeyType: 'string', isMandatory: true, autoGenerationType: 'Random String' },
  { jsonKey: 'done', jsonKeyType: 'boolean', isMandatory: true },
].map((p) => ({ ...p, isDesigned: true }) as BodyProperty);

describe.each(dialects)('Auto Generation of a designed property on %s', (dialect) => {
  let app: TestApp;
  let auth: { authorization: string };
  let d: ReturnType<typeof designer>;
  beforeAll(async () => {
    app = await startTestApp(dialect);
    ({ auth } = await signUpAndVerify(app));
    d = designer(app, auth);
  });
  afterAll(() => app.close());

  /** A generated answer of the deployed API (`Prefer: dynamic=true`). */
  const generated = async (api: ApiMaster, path: string) => {
    const base = new URL(api.apiBaseUrl as string).pathname;
    const res = await app.server.inject({
      method: 'GET',
      url: `${base}${path}`,
      headers: { prefer: 'dynamic=true' },
    });
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  const exported = async (apiMasterId: number) => {
    const document = await d.expectStatus(200, 'GET', `/api/api-config-master/${apiMasterId}/openapi`);
    const validation = await new Validator().validate(structuredClone(document));
    expect(validation.errors ?? []).toEqual([]);
    return document;
  };

  it('generates UUIDs, random numbers and random strings in an API started empty, and exports them', async () => {
    const api = await d.emptyApi('Todos');
    await d.expectStatus(201, 'POST', `/api/api-config/${api.id}/schemas`, {
      schemaName: 'Todo',
      schemaType: 'object',
    });
    const saved = await d.expectStatus(200, 'PUT', `/api/api-config/${api.id}/schemas/Todo`, {
      configProperties: todoProperties,
    });
    // the choice persists as the editor shows it
    expect(
      saved.configProperties.map((p: BodyProperty) => [p.jsonKey, p.autoGenerationType ?? null]),
    ).toEqual([
      ['id', 'UUID'],
      ['title', 'Random Number'],
      ['email', 'Random String'],
      ['done', null],
    ]);
    const one = await d.addEndpoint(api.id, 'GET', '/todos/{todoId}');
    await d.addResponse(api.id, one.id, '200', 'The todo', 'Todo');
    const create = await d.addEndpoint(api.id, 'POST', '/todos');
    await d.expectStatus(200, 'PUT', `/api/api-config/${api.id}/${create.id}/request-body`, {
      schemaName: 'Todo',
    });
    await d.addResponse(api.id, create.id, '201', 'The todo', 'Todo');
    const deployed: ApiMaster = await d.expectStatus(200, 'GET', `/api/api-publish/${api.id}/publish`);

    for (let i = 0; i < 5; i++) {
      const todo = await generated(deployed, `/todos/${i + 1}`);
      expect(todo.id).toMatch(UUID);
      expect(todo.title).toMatch(/^\d+$/);
      expect(todo.email).toMatch(/^[A-Za-z0-9]{12}$/);
    }
    // a UUID property is one: a request's value that is not is refused, naming it
    const base = new URL(deployed.apiBaseUrl as string).pathname;
    const send = (id: string) =>
      app.server.inject({
        method: 'POST',
        url: `${base}/todos`,
        payload: { id, title: '1', email: 'x', done: false },
      });
    const refused = await send('Qn0xwUhe0P');
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(refused.json().errors)).toContain('body.id');
    expect((await send('0f8fad5b-d9cb-469f-a165-70867728950e')).statusCode).toBe(201);

    const document = await exported(api.id);
    expect(document.components.schemas.Todo.properties).toEqual({
      id: { type: 'string', format: 'uuid', 'x-auto-generation': 'UUID' },
      title: { type: 'string', 'x-auto-generation': 'Random Number' },
      email: { type: 'string', 'x-auto-generation': 'Random String' },
      done: { type: 'boolean' },
    });

    // None takes it all back
    await d.expectStatus(200, 'PUT', `/api/api-config/${api.id}/schemas/Todo`, {
      configProperties: saved.configProperties.map((p: BodyProperty) => ({ ...p, autoGenerationType: null })),
    });
    expect((await exported(api.id)).components.schemas.Todo.properties.id).toEqual({ type: 'string' });
    expect((await generated(deployed, '/todos/1')).email).toContain('@');
  });

  it('keeps a format of its own over the one UUID implies', async () => {
    const api = await d.emptyApi('Links');
    await d.expectStatus(201, 'POST', `/api/api-config/${api.id}/schemas`, {
      schemaName: 'Link',
      configProperties: [
        {
          jsonKey: 'ref',
          jsonKeyType: 'string',
          isMandatory: true,
          format: 'uri',
          autoGenerationType: 'UUID',
        },
        // a number has no format: UUID stays the generator's keyword alone
        { jsonKey: 'rank', jsonKeyType: 'integer', isMandatory: true, autoGenerationType: 'UUID' },
      ],
    });
    const document = await exported(api.id);
    expect(document.components.schemas.Link.properties).toEqual({
      ref: { type: 'string', format: 'uri', 'x-auto-generation': 'UUID' },
      rank: { type: 'integer', 'x-auto-generation': 'UUID' },
    });
  });

  it('does the same for a schema designed in an imported API, and generates for a property the document brought', async () => {
    const res = await importApi(
      app,
      auth,
      JSON.stringify({
        openapi: '3.1.0',
        info: { title: 'Items', version: '1.0' },
        paths: {
          '/items/{itemId}': {
            get: {
              parameters: [{ name: 'itemId', in: 'path', required: true, schema: { type: 'string' } }],
              responses: {
                '200': {
                  description: 'The item',
                  content: { 'application/json': { schema: { $ref: '#/components/schemas/Item' } } },
                },
              },
            },
          },
        },
        components: {
          schemas: {
            Item: {
              type: 'object',
              required: ['id', 'name'],
              properties: { id: { type: 'string' }, name: { type: 'string' } },
            },
          },
        },
      }),
      'items.json',
    );
    expect(res.statusCode).toBe(201);
    const api: ApiMaster = res.json();
    const item = (await d.expectStatus(200, 'GET', `/api/api-config-master/${api.id}`)).schemaMasterList.find(
      (s: { schemaName: string }) => s.schemaName === 'Item',
    );
    await d.expectStatus(200, 'PUT', `/api/api-config/${api.id}/schemas/Item`, {
      configProperties: item.configProperties.map((p: BodyProperty) =>
        p.jsonKey === 'id' ? { ...p, autoGenerationType: 'UUID' } : p,
      ),
    });
    // a schema added to the imported API, then given its properties in the editor
    await d.expectStatus(201, 'POST', `/api/api-config/${api.id}/schemas`, { schemaName: 'Tag' });
    await d.expectStatus(200, 'PUT', `/api/api-config/${api.id}/schemas/Tag`, {
      configProperties: [
        { jsonKey: 'id', jsonKeyType: 'string', isMandatory: true, autoGenerationType: 'UUID' },
      ],
    });
    const tags = await d.addEndpoint(api.id, 'GET', '/tags/{tagId}');
    await d.addResponse(api.id, tags.id, '200', 'The tag', 'Tag');
    const deployed: ApiMaster = await d.expectStatus(200, 'GET', `/api/api-publish/${api.id}/publish`);

    expect((await generated(deployed, '/items/1')).id).toMatch(UUID);
    expect((await generated(deployed, '/tags/1')).id).toMatch(UUID);
    const document = await exported(api.id);
    // the document's own property keeps the document's format: UUID is the generator's keyword alone
    expect(document.components.schemas.Item.properties.id).toEqual({
      type: 'string',
      'x-auto-generation': 'UUID',
    });
    expect(document.components.schemas.Tag.properties.id).toEqual({
      type: 'string',
      format: 'uuid',
      'x-auto-generation': 'UUID',
    });
  });
});
