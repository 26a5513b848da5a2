import {
  type ApiMaster,
  type ApiMasterDetail,
  apisPaths,
  type EndpointDetail,
  requestLogPaths,
} from '@sandbox/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndVerify } from '../../test/support/accounts.js';
import { importApi } from '../../test/support/catalog.js';
import { dialects } from '../../test/support/scratchDatabase.js';
import { startTestApp, type TestApp } from '../../test/support/testApp.js';

// An API's traffic simulation travels with its exported document (`x-sandbox-behaviour`) and comes
// back when the document is imported again.
const document = `
openapi: 3.0.3
info: { title: Flaky shop, version: 1.0.0 }
paths:
  /orders:
    get:
      x-sandbox-behaviour: { delayMs: 5, failureRate: 5, failureStatus: 418 }
      responses:
        '200': { description: Orders }
        '429': { description: Too many requests }
    post:
      responses:
        '201': { description: Created }
`;

describe.each(dialects)('traffic simulation in exported documents, on %s', (dialect) => {
  let app: TestApp;
  let auth: { authorization: string };

  const importDocument = async (text: string, fileName: string) => {
    const res = await importApi(app, auth, text, fileName);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<ApiMaster & { warnings?: { pointer: string; message: string }[] }>();
  };
  const endpointOf = (api: ApiMaster, method: string) =>
    api.apiConfigList.find((e) => e.methodType === method)?.id as number;
  const detailOf = async (api: ApiMaster) =>
    (await app.server.inject({ url: apisPaths.one(api.id), headers: auth })).json<ApiMasterDetail>();
  const endpointDetailOf = async (api: ApiMaster, method: string) =>
    (
      await app.server.inject({ url: apisPaths.endpoint(api.id, endpointOf(api, method)), headers: auth })
    ).json<EndpointDetail>();

  beforeAll(async () => {
    app = await startTestApp(dialect);
    ({ auth } = await signUpAndVerify(app));
  });
  afterAll(() => app.close());

  it('leaves out a behaviour failing with a status the operation does not declare, and says so', async () => {
    const api = await importDocument(document, 'shop.yaml');
    expect((await endpointDetailOf(api, 'GET')).behaviour).toBeNull();
    expect((await detailOf(api)).warnings).toContainEqual({
      pointer: '#/paths/~1orders/get/x-sandbox-behaviour',
      message: 'The traffic simulation is left out: it may not fail with 418',
    });
  });

  it("exports each endpoint's behaviour and the API's default, and imports them back", async () => {
    const api = await importDocument(document.replace('418', '429'), 'shop.yaml');
    expect((await endpointDetailOf(api, 'GET')).behaviour).toEqual({
      delayMs: 5,
      delayMaxMs: null,
      failureRate: 5,
      failureStatus: 429,
    });
    const set = (url: string, payload: object) =>
      app.server.inject({ method: 'PUT', url, headers: auth, payload });
    await set(requestLogPaths.endpointBehaviour(api.id, endpointOf(api, 'GET')), {
      delayMs: 100,
      delayMaxMs: 900,
      failureRate: 50,
      failureStatus: 0,
    });
    await set(requestLogPaths.endpointBehaviour(api.id, endpointOf(api, 'POST')), {
      failureRate: 20,
      failureStatus: 503,
    });
    await set(requestLogPaths.apiBehaviour(api.id), { delayMs: 250, failureRate: 1, failureStatus: 504 });
    await app.server.inject({
      method: 'DELETE',
      url: requestLogPaths.endpointBehaviour(api.id, endpointOf(api, 'POST')),
      headers: auth,
    });

    const exported = await app.server.inject({ url: apisPaths.openapi(api.id), headers: auth });
    const written = exported.json();
    expect(written['x-sandbox-behaviour']).toEqual({
      delayMs: 250,
      delayMaxMs: null,
      failureRate: 1,
      failureStatus: 504,
    });
    expect(written.paths['/orders'].get['x-sandbox-behaviour']).toMatchObject({ failureStatus: 0 });
    expect(written.paths['/orders'].post).not.toHaveProperty('x-sandbox-behaviour');

    const again = await importDocument(exported.body, 'shop.json');
    expect((await detailOf(again)).behaviour).toEqual(written['x-sandbox-behaviour']);
    expect((await endpointDetailOf(again, 'GET')).behaviour).toEqual({
      delayMs: 100,
      delayMaxMs: 900,
      failureRate: 50,
      failureStatus: 0,
    });
    const post = await endpointDetailOf(again, 'POST');
    expect(post.behaviour).toBeNull();
    expect(post.apiBehaviour).toMatchObject({ failureStatus: 504 });
  });
});
