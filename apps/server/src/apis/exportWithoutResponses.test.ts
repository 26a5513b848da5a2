import type { ApiMaster, EndpointDetail } from '@sandbox/contracts';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndVerify } from '../../test/support/accounts.js';
import { importApi } from '../../test/support/catalog.js';
import { designer } from '../../test/support/design.js';
import { dialects } from '../../test/support/scratchDatabase.js';
import { startTestApp, type TestApp } from '../../test/support/testApp.js';

// An endpoint designed without a response yet is exported as valid OpenAPI 3.1: the operation
// declares no responses (3.1 allows that; an empty `responses: {}` fails the schema, which wants at
// least one entry), and the document imports back as the same endpoints, none given a response.

describe.each(dialects)('the export of an endpoint with no response on %s', (dialect) => {
  let app: TestApp;
  let auth: { authorization: string };
  let d: ReturnType<typeof designer>;
  beforeAll(async () => {
    app = await startTestApp(dialect);
    ({ auth } = await signUpAndVerify(app));
    d = designer(app, auth);
  });
  afterAll(() => app.close());

  const exported = async (apiMasterId: number) => {
    const document = await d.expectStatus(200, 'GET', `/api/api-config-master/${apiMasterId}/openapi`);
    const validation = await new Validator().validate(structuredClone(document));
    expect(validation.errors ?? []).toEqual([]);
    expect(validation.valid).toBe(true);
    return document;
  };

  const responsesOf = async (api: ApiMaster) =>
    Object.fromEntries(
      await Promise.all(
        api.apiConfigList.map(async (e) => {
          const detail: EndpointDetail = await d.endpoint(api.id, e.id);
          return [`${e.methodType} ${e.apiEndPoint}`, detail.responseConfigList.map((r) => r.responseCode)];
        }),
      ),
    );

  it('writes an API started empty without responses where none is designed, and imports it back', async () => {
    const api = await d.emptyApi('Todos');
    await d.addEndpoint(api.id, 'GET', '/todos');
    const one = await d.addEndpoint(api.id, 'DELETE', '/todos/{todoId}');
    await d.addResponse(api.id, one.id, '204', 'Removed');

    const document = await exported(api.id);
    expect(document.paths['/todos'].get).toEqual({ tags: ['default'] });
    expect(Object.keys(document.paths['/todos/{todoId}'].delete.responses)).toEqual(['204']);

    const res = await importApi(app, auth, JSON.stringify(document), 'todos.json');
    expect(res.statusCode).toBe(201);
    expect(await responsesOf(res.json())).toEqual({ 'GET /todos': [], 'DELETE /todos/{todoId}': ['204'] });
  });

  it('writes an endpoint added to an imported API without responses until it has one', async () => {
    const res = await importApi(
      app,
      auth,
      JSON.stringify({
        openapi: '3.1.0',
        info: { title: 'Todos', version: '1.0' },
        paths: { '/todos': { get: { responses: { '200': { description: 'The todos' } } } } },
      }),
      'todos.json',
    );
    expect(res.statusCode).toBe(201);
    const api: ApiMaster = res.json();
    const added = await d.addEndpoint(api.id, 'POST', '/todos');
    expect((await exported(api.id)).paths['/todos'].post.responses).toBeUndefined();
    await d.addResponse(api.id, added.id, '201', 'Created');
    expect(Object.keys((await exported(api.id)).paths['/todos'].post.responses)).toEqual(['201']);
  });
});
