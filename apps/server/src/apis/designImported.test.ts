import type { ApiMaster } from '@sandbox/contracts';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndVerify } from '../../test/support/accounts.js';
import { importApi } from '../../test/support/catalog.js';
import { designer, sandboxOf } from '../../test/support/design.js';
import { petstoreYaml } from '../../test/support/petstore.js';
import { dialects } from '../../test/support/scratchDatabase.js';
import { startTestApp, type TestApp } from '../../test/support/testApp.js';

// Designing more of an imported API: what is added and changed is written to the API's model (the
// declared operations and schemas the document brought), so the export stays the document with the
// changes, and the deployed sandbox answers them on the next request.

// biome-ignore lint/suspicious/noExplicitAny: a test reads whatever the export wrote
type Json = Record<string, any>;

describe.each(dialects)('designing more of an imported API on %s', (dialect) => {
  let app: TestApp;
  let auth: { authorization: string };
  let d: ReturnType<typeof designer>;
  let api: ApiMaster;
  let before: Json;
  beforeAll(async () => {
    app = await startTestApp(dialect);
    ({ auth } = await signUpAndVerify(app));
    d = designer(app, auth);
    api = (await importApi(app, auth, petstoreYaml)).json();
    before = await d.expectStatus(200, 'GET', `/api/api-config-master/${api.id}/openapi`);
    api = await d.expectStatus(200, 'GET', `/api/api-publish/${api.id}/publish`);
  });
  afterAll(() => app.close());

  const endpointId = (method: string, path: string) =>
    api.apiConfigList.find((e) => e.methodType === method && e.apiEndPoint === path)?.id as number;

  it("adds an endpoint and a schema to the document's model, and the sandbox answers them", async () => {
    await d.expectStatus(201, 'POST', `/api/api-config/${api.id}/schemas`, {
      schemaName: 'Toy',
      configProperties: [
        { jsonKey: 'label', jsonKeyType: 'string', isMandatory: true, enumValues: ['ball', 'bone'] },
        { jsonKey: 'squeaks', jsonKeyType: 'boolean', isMandatory: true },
      ],
    });
    const toys = await d.addEndpoint(api.id, 'POST', '/pets/{petId}/toys');
    await d.expectStatus(200, 'PUT', `/api/api-config/${api.id}/${toys.id}/request-body`, {
      schemaName: 'Toy',
    });
    await d.addResponse(api.id, toys.id, '201', 'The toy', 'Toy');

    const after: Json = await d.expectStatus(200, 'GET', `/api/api-config-master/${api.id}/openapi`);
    expect((await new Validator().validate(structuredClone(after))).valid).toBe(true);
    // the document as imported, with the endpoint and schema added
    const { '/pets/{petId}/toys': added, ...paths } = after.paths;
    const { Toy, ...schemas } = after.components.schemas;
    expect(paths).toEqual(before.paths);
    expect(schemas).toEqual(before.components.schemas);
    expect(Toy).toEqual({
      type: 'object',
      properties: { label: { type: 'string', enum: ['ball', 'bone'] }, squeaks: { type: 'boolean' } },
      required: ['label', 'squeaks'],
    });
    expect(added.post).toMatchObject({
      tags: ['default'],
      parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'string' } }],
      requestBody: {
        required: true,
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Toy' } } },
      },
      responses: { '201': { description: 'The toy' } },
    });

    const call = sandboxOf(app, api);
    const created = await call('POST', '/pets/7/toys', { label: 'bone', squeaks: true });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ label: 'bone', squeaks: true });
    const refused = await call('POST', '/pets/7/toys', { label: 'stick', squeaks: true });
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(refused.json().errors)).toContain('body.label');
  });

  it('changes one media type of a body the document declares in several, and keeps the others', async () => {
    const notes = (
      await importApi(
        app,
        auth,
        `openapi: 3.0.3
info: { title: Notes, version: '1' }
paths:
  /notes:
    post:
      requestBody:
        required: true
        content:
          application/json: { schema: { $ref: '#/components/schemas/Note' } }
          application/xml: { schema: { $ref: '#/components/schemas/Note' } }
      responses:
        '201': { description: Created }
components:
  schemas:
    Note: { type: object, required: [text], properties: { text: { type: string } } }
    Memo: { type: object, required: [title], properties: { title: { type: string } } }
`,
      )
    ).json() as ApiMaster;
    const post = notes.apiConfigList[0]?.id as number;
    await d.expectStatus(200, 'PUT', `/api/api-config/${notes.id}/${post}/request-body`, {
      schemaName: 'Memo',
      contentType: 'application/json',
      isRequired: false,
    });

    const detail: Json = await d.expectStatus(200, 'GET', `/api/api-config/${notes.id}/${post}`);
    expect(detail.requestConfigList.map((r: Json) => [r.contentType, r.schemaName, r.isRequired])).toEqual([
      ['application/json', 'Memo', false],
      ['application/xml', 'Note', false],
    ]);
    const exported: Json = await d.expectStatus(200, 'GET', `/api/api-config-master/${notes.id}/openapi`);
    expect(exported.paths['/notes'].post.requestBody).toEqual({
      required: false,
      content: {
        'application/json': { schema: { $ref: '#/components/schemas/Memo' } },
        'application/xml': { schema: { $ref: '#/components/schemas/Note' } },
      },
    });
  });

  it('writes a new required query parameter, a renamed path and a removed response to the imported endpoints', async () => {
    const call = sandboxOf(app, api);
    const listPets = await d.endpoint(api.id, endpointId('GET', '/pets'));
    await d.expectStatus(200, 'POST', `/api/parameter-config/${listPets.id}`, [
      ...listPets.parameterConfigList,
      { keyName: 'species', parameterType: 'query', isRequired: true, enumValues: ['dog', 'cat'] },
    ]);
    const headers = { 'x-request-id': '6f1c1a52-3f1b-4c7e-9d59-0f3b8c1e2a10' };
    const missing = await app.server.inject({
      url: `${new URL(api.apiBaseUrl as string).pathname}/pets`,
      headers,
    });
    expect(missing.statusCode).toBe(400);
    expect(JSON.stringify(missing.json().errors)).toContain('query.species');
    const answered = await app.server.inject({
      url: `${new URL(api.apiBaseUrl as string).pathname}/pets?species=cat`,
      headers,
    });
    expect(answered.statusCode).toBe(200);

    const owners = endpointId('GET', '/owners');
    await d.expectStatus(200, 'PUT', `/api/api-config/${api.id}/${owners}`, { apiEndPoint: '/people' });
    expect((await call('GET', '/owners')).statusCode).toBe(404);
    expect((await call('GET', '/people')).statusCode).toBe(200);

    const getPet = await d.endpoint(api.id, endpointId('GET', '/pets/{petId}'));
    const notFound = getPet.responseConfigList.find((r) => r.responseCode === '404');
    await d.expectStatus(200, 'DELETE', `/api/api-config/${api.id}/${getPet.id}/responses/${notFound?.id}`);

    const document: Json = await d.expectStatus(200, 'GET', `/api/api-config-master/${api.id}/openapi`);
    expect(document.paths['/pets'].get.parameters.at(-1)).toEqual({
      name: 'species',
      in: 'query',
      required: true,
      schema: { type: 'string', enum: ['dog', 'cat'] },
    });
    expect(document.paths['/people'].get).toEqual(before.paths['/owners'].get);
    expect(Object.keys(document.paths['/pets/{petId}'].get.responses)).toEqual(['200']);
    expect((await call('GET', '/pets/1', undefined)).statusCode).toBe(200);
  });

  it('adds a schema to an imported document that named none, and exports it', async () => {
    const document = {
      openapi: '3.1.0',
      info: { title: 'Toys', version: '1.0' },
      paths: { '/toys': { get: { responses: { '200': { description: 'The toys' } } } } },
    };
    const imported = await importApi(app, auth, JSON.stringify(document), 'toys.json');
    expect(imported.statusCode).toBe(201);
    const toys: ApiMaster = imported.json();
    await d.expectStatus(201, 'POST', `/api/api-config/${toys.id}/schemas`, {
      schemaName: 'Toy',
      configProperties: [{ jsonKey: 'label', jsonKeyType: 'string', isMandatory: true }],
    });
    const list = toys.apiConfigList[0]?.id as number;
    await d.addResponse(toys.id, list, '201', 'A toy', 'Toy');

    const exported: Json = await d.expectStatus(200, 'GET', `/api/api-config-master/${toys.id}/openapi`);
    expect((await new Validator().validate(structuredClone(exported))).valid).toBe(true);
    expect(exported.components.schemas).toEqual({
      Toy: { type: 'object', properties: { label: { type: 'string' } }, required: ['label'] },
    });
  });
});
