import type { ApiMaster, EndpointDetail } from '@sandbox/contracts';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndVerify } from '../../test/support/accounts.js';
import { importApi } from '../../test/support/catalog.js';
import { designer } from '../../test/support/design.js';
import { dialects } from '../../test/support/scratchDatabase.js';
import { startTestApp, type TestApp } from '../../test/support/testApp.js';

// A cookie parameter added in the Params form, as the form saves it: kept as a cookie, shown as one,
// exported `in: cookie`, and checked by the sandbox as an imported document's cookie parameter is,
// in an API started empty and in an imported one.

/** The row the Params form sends for a required cookie of eight characters or more. */
const sessionRow = {
  keyName: 'session',
  parameterType: 'cookie',
  description: 'The signed-in session',
  isRequired: true,
  dataType: 'string',
  minLength: 8,
};

/** The same parameter as a document declares it. */
const declaredSession = {
  name: 'session',
  in: 'cookie',
  description: 'The signed-in session',
  required: true,
  schema: { type: 'string', minLength: 8 },
};

const ok = { '200': { description: 'The todos' } };

describe.each(dialects)('cookie parameters designed on %s', (dialect) => {
  let app: TestApp;
  let auth: { authorization: string };
  let d: ReturnType<typeof designer>;
  beforeAll(async () => {
    app = await startTestApp(dialect);
    ({ auth } = await signUpAndVerify(app));
    d = designer(app, auth);
  });
  afterAll(() => app.close());

  const deploy = (apiMasterId: number): Promise<ApiMaster> =>
    d.expectStatus(200, 'GET', `/api/api-publish/${apiMasterId}/publish`);

  /** GET `path` of the deployed API with `cookie` sent (none when undefined): status and problems. */
  const call = async (api: ApiMaster, path: string, cookie?: string) => {
    const res = await app.server.inject({
      method: 'GET',
      url: `${new URL(api.apiBaseUrl as string).pathname}${path}`,
      ...(cookie !== undefined && { headers: { cookie } }),
    });
    return {
      status: res.statusCode,
      problems: res.statusCode === 400 ? (res.json().errors as unknown[]) : [],
    };
  };

  /** What each request of the same cookies answers. */
  const answers = (api: ApiMaster, path: string) =>
    Promise.all([
      call(api, path),
      call(api, path, 'session=short'),
      call(api, path, 'theme=dark; session=long-enough'),
    ]);

  const exported = async (apiMasterId: number) => {
    const document = await d.expectStatus(200, 'GET', `/api/api-config-master/${apiMasterId}/openapi`);
    const validation = await new Validator().validate(structuredClone(document));
    expect(validation.errors ?? []).toEqual([]);
    return document;
  };

  // what the sandbox answers an imported document's cookie parameter: the designed one must match
  let imported: Awaited<ReturnType<typeof answers>>;
  beforeAll(async () => {
    const res = await importApi(
      app,
      auth,
      JSON.stringify({
        openapi: '3.1.0',
        info: { title: 'Todos', version: '1.0' },
        paths: { '/todos': { get: { parameters: [declaredSession], responses: ok } } },
      }),
      'todos.json',
    );
    expect(res.statusCode).toBe(201);
    imported = await answers(await deploy(res.json().id), '/todos');
    expect(imported.map((a) => a.status)).toEqual([400, 400, 200]);
    expect(JSON.stringify(imported[0].problems)).toContain('cookie.session');
  });

  it('keeps, shows, exports and checks a cookie parameter of an API started empty', async () => {
    const api = await d.emptyApi('Todos');
    const todos = await d.addEndpoint(api.id, 'GET', '/todos');
    await d.addResponse(api.id, todos.id, '200', 'The todos');
    // a query parameter may share the cookie's name: they are sent in different places
    await d.expectStatus(200, 'POST', `/api/parameter-config/${todos.id}`, [
      sessionRow,
      { keyName: 'session', parameterType: 'query', isRequired: false, dataType: 'string' },
    ]);
    const shown: EndpointDetail = await d.endpoint(api.id, todos.id);
    expect(shown.parameterConfigList).toMatchObject([
      { keyName: 'session', parameterType: 'cookie', isRequired: true, dataType: 'string', minLength: 8 },
      { keyName: 'session', parameterType: 'query', isRequired: false },
    ]);
    // two cookies of one name are refused, as two query parameters are
    const twice = await d.send('POST', `/api/parameter-config/${todos.id}`, [sessionRow, sessionRow]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe('There are two cookie parameters named "session"');

    const deployed = await deploy(api.id);
    expect(await answers(deployed, '/todos')).toEqual(imported);
    const document = await exported(api.id);
    expect(document.paths['/todos'].get.parameters).toEqual([
      declaredSession,
      { name: 'session', in: 'query', required: false, schema: { type: 'string' } },
    ]);

    // the form saves the row back as it shows it: still a cookie
    await d.expectStatus(
      200,
      'POST',
      `/api/parameter-config/${todos.id}`,
      shown.parameterConfigList.filter((p) => p.parameterType === 'cookie'),
    );
    expect((await d.endpoint(api.id, todos.id)).parameterConfigList).toMatchObject([
      { keyName: 'session', parameterType: 'cookie' },
    ]);
    expect(await answers(deployed, '/todos')).toEqual(imported);
  });

  it('writes a cookie parameter added to an imported endpoint into its declared operation', async () => {
    const res = await importApi(
      app,
      auth,
      JSON.stringify({
        openapi: '3.1.0',
        info: { title: 'Todos', version: '1.0' },
        paths: { '/todos': { get: { responses: ok } } },
      }),
      'todos.json',
    );
    expect(res.statusCode).toBe(201);
    const api: ApiMaster = res.json();
    const [todos] = api.apiConfigList;
    await d.expectStatus(200, 'POST', `/api/parameter-config/${todos.id}`, [sessionRow]);
    expect((await d.endpoint(api.id, todos.id)).parameterConfigList).toMatchObject([
      { keyName: 'session', parameterType: 'cookie', isRequired: true },
    ]);
    expect(await answers(await deploy(api.id), '/todos')).toEqual(imported);
    expect((await exported(api.id)).paths['/todos'].get.parameters).toEqual([declaredSession]);
  });
});
