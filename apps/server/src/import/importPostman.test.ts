import { readFileSync } from 'node:fs';
import { apisPaths, type EndpointSummary } from '@sandbox/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndVerify } from '../../test/support/accounts.js';
import { importApi, importFields } from '../../test/support/catalog.js';
import { deploy } from '../../test/support/sandbox.js';
import { dialects } from '../../test/support/scratchDatabase.js';
import { startTestApp, type TestApp } from '../../test/support/testApp.js';

// Real public collections, kept with their licences in test-fixtures/postman/README.md.
const collection = (name: string) =>
  readFileSync(
    new URL(`../../test-fixtures/postman/${name}.postman_collection.json`, import.meta.url),
    'utf8',
  );
const adyenCapital = collection('adyen-capital-v3');
const savedResponses = collection('scalar-responses');
const pathParams = collection('scalar-path-params');

describe.each(dialects)('importing a Postman Collection v2.1 on %s', (dialect) => {
  let app: TestApp;
  let auth: { authorization: string };
  beforeAll(async () => {
    app = await startTestApp(dialect);
    ({ auth } = await signUpAndVerify(app));
  });
  afterAll(() => app.close());

  async function imported(document: string, fileName: string) {
    const res = await importApi(app, auth, document, fileName);
    expect(res.statusCode, res.body).toBe(201);
    const detail = await app.server.inject({ url: apisPaths.one(res.json().id), headers: auth });
    const endpoints: EndpointSummary[] = detail.json().apiConfigList;
    return {
      id: res.json().id as number,
      warnings: res.json().warnings as { pointer: string; message: string }[],
      endpoints: endpoints.map((e) => `${e.methodType} ${e.apiEndPoint}`).sort(),
      tags: [...new Set(endpoints.map((e) => e.apiTag))].sort(),
    };
  }

  it('reads requests as endpoints, {{baseUrl}} dropped and {{id}} a path parameter, folders as tags', async () => {
    const api = await imported(adyenCapital, 'Capital.postman_collection.json');
    expect(api.endpoints).toEqual(['GET /grants', 'GET /grants/{id}', 'POST /grants']);
    expect(api.tags).toEqual(['Capital > /grants', 'Capital > /grants/{{id}}']);
    expect(api.warnings).toContainEqual({
      pointer: '#/variable',
      message: expect.stringMatching(
        /^Collection variables are not kept \(\{\{baseUrl\}\}, \{\{X-API-Key\}\}/,
      ),
    });
    const exported = await app.server.inject({ url: apisPaths.openapi(api.id), headers: auth });
    const document = exported.json();
    // the collection's API key header, not the converter's generic `api_key`
    expect(Object.values(document.components.securitySchemes)).toContainEqual({
      type: 'apiKey',
      name: 'X-API-Key',
      in: 'header',
    });
    // the JSON body's fields, inferred from the request's body
    const payout = document.paths['/grants'].post.requestBody.content['application/json'];
    expect(JSON.stringify(payout)).toContain('grantOfferId');
    expect(JSON.stringify(payout)).toContain('balanceAccountId');
  });

  it('reads :id path variables and keeps requests of one path apart by method', async () => {
    const api = await imported(pathParams, 'Path Params.postman_collection.json');
    expect(api.endpoints).toEqual([
      'GET /customer/{customer-id}',
      'GET /desc/{user_id}',
      'GET /desc/{user_id}/{type}',
      'GET /desc/{user_id}/{type}/all',
      'GET /users/{user_id}',
    ]);
    // its scripts are empty: nothing to warn of
    expect(api.warnings).toEqual([]);
  });

  it('keeps saved example responses, infers their schemas, and the sandbox answers them', async () => {
    const api = await imported(savedResponses, 'Responses.postman_collection.json');
    expect(api.endpoints).toEqual(['GET /api/v1/users/{user_id}', 'POST /api/v1/users']);
    const document = (await app.server.inject({ url: apisPaths.openapi(api.id), headers: auth })).json();
    const found = document.paths['/api/v1/users/{user_id}'].get.responses;
    expect(Object.keys(found).sort()).toEqual(['200', '404']);
    expect(JSON.stringify(found['200'])).toContain('Leanne');

    const { call } = await deploy(app, auth, savedResponses, { ...importFields, apiName: 'Responses' });
    const answer = await call('GET', '/api/v1/users/50');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      id: '50',
      createdAt: '2021-06-04T23:41:02.287Z',
      name: 'Leanne',
      avatar: 'https://cdn.fakercloud.com/avatars/bartjo_128.jpg',
    });
    const missing = await call('GET', '/api/v1/users/50', { headers: { prefer: 'code=404' } });
    expect([missing.statusCode, missing.json()]).toEqual([404, 'Not found']);
    // the request body's fields are inferred from the saved body: a wrong type is refused
    const refused = await call('POST', '/api/v1/users', { body: { name: 42 } });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('body.name');
  });

  it('warns of scripts, other authentication, file bodies and requests of the same method and path', async () => {
    const document = JSON.stringify({
      info: {
        name: 'Scripts',
        schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json',
      },
      event: [{ listen: 'prerequest', script: { exec: ['pm.environment.set("t", Date.now())'] } }],
      item: [
        {
          name: 'Orders',
          auth: { type: 'hawk', hawk: [] },
          item: [
            {
              name: 'List orders',
              event: [{ listen: 'test', script: { exec: ['pm.test("ok", () => {})'] } }],
              request: { method: 'GET', url: '{{baseUrl}}/orders' },
            },
            { name: 'List orders again', request: { method: 'GET', url: '{{baseUrl}}/orders' } },
            {
              name: 'Upload a receipt',
              request: {
                method: 'PUT',
                url: '{{baseUrl}}/orders/:orderId/receipt',
                body: { mode: 'file', file: { src: 'receipt.pdf' } },
              },
            },
          ],
        },
      ],
    });
    const api = await imported(document, 'Scripts.json');
    expect(api.endpoints).toEqual(['GET /orders', 'PUT /orders/{orderId}/receipt']);
    expect(api.tags).toEqual(['Orders']);
    expect(api.warnings.slice(0, 5)).toEqual([
      {
        pointer: '#/event/0',
        message: 'The pre-request script is not kept: the sandbox does not run Postman scripts',
      },
      {
        pointer: '#/item/0/auth',
        message: 'hawk authentication is not kept: only API key, basic, bearer, digest and OAuth 2.0 are',
      },
      {
        pointer: '#/item/0/item/0/event/0',
        message: 'The test script is not kept: the sandbox does not run Postman scripts',
      },
      {
        pointer: '#/item/0/item/2/request/body',
        message: 'A file body is not kept: only JSON, text and form bodies are',
      },
      {
        pointer: '#/item/0/item/0',
        message: 'This request is left out: another request has the same method and path',
      },
    ]);
  });
});
