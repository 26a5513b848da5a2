import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { ApiMaster } from '@sandbox/contracts';
import type { DeployedApi } from '@sandbox/engine/answer/deployedApi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openApi30PetstoreYaml,
  swagger2Petstore,
} from '../../../../packages/engine/test/support/import/petstores.js';
import { signUpAndVerify } from '../../test/support/accounts.js';
import { importApi } from '../../test/support/catalog.js';
import { dialects } from '../../test/support/scratchDatabase.js';
import { startTestApp, type TestApp } from '../../test/support/testApp.js';
import { loadDeployedApi } from '../apis/loadDeployedApi.js';

const examples = createRequire(import.meta.url).resolve('@readme/oas-examples/package.json');

/** A document of @readme/oas-examples, as its text. */
function oasExample(path: string): string {
  return readFileSync(new URL(path, `file://${examples}`), 'utf8');
}

describe.each(dialects)('the operations the sandbox loads on %s', (dialect) => {
  let app: TestApp;
  let auth: { authorization: string };
  beforeAll(async () => {
    app = await startTestApp(dialect);
    ({ auth } = await signUpAndVerify(app));
  });
  afterAll(() => app.close());

  /** Imports and deploys the document, then reads it back as the sandbox compiles it. */
  async function deployed(text: string, fileName: string): Promise<DeployedApi> {
    const imported = await importApi(app, auth, text, fileName);
    expect(imported.statusCode, imported.body).toBe(201);
    const published = await app.server.inject({
      url: `/api/api-publish/${imported.json().id}/publish`,
      headers: auth,
    });
    const key = new URL((published.json() as ApiMaster).apiBaseUrl as string).pathname.split('/').at(-1);
    const api = await loadDeployedApi(app.db.kysely, key as string);
    if (!api) throw new Error('the deployed API did not load');
    return api;
  }

  function operationOf(api: DeployedApi, method: string, path: string) {
    const endpoint = api.endpoints.find((e) => e.method === method && e.path === path);
    if (!endpoint?.operation) throw new Error(`no declared operation for ${method} ${path}`);
    return endpoint.operation;
  }

  describe('a Swagger 2.0 document', () => {
    let petstore: DeployedApi;
    let fixture: DeployedApi;
    beforeAll(async () => {
      petstore = await deployed(oasExample('2.0/json/petstore.json'), 'petstore.json');
      fixture = await deployed(JSON.stringify(swagger2Petstore()), 'fixture.json');
    });

    it('keeps a body parameter as the request body of each media type it consumes', () => {
      const addPet = operationOf(petstore, 'POST', '/pet');
      expect(addPet.requestBody).toEqual({
        description: 'Pet object that needs to be added to the store',
        required: true,
        content: {
          'application/json': { schema: { $ref: '#/components/schemas/Pet' } },
          'application/xml': { schema: { $ref: '#/components/schemas/Pet' } },
        },
      });
      expect(addPet.parameters).toEqual([]);
    });

    it('answers each media type it produces with the schema of the response', () => {
      const findByStatus = operationOf(petstore, 'GET', '/pet/findByStatus');
      const content = findByStatus.responses['200']?.content ?? {};
      expect(Object.keys(content)).toEqual(['application/xml', 'application/json']);
      expect(content['application/json']?.schema).toEqual({
        type: 'array',
        items: { $ref: '#/components/schemas/Pet' },
      });
      expect(findByStatus.responses['400']).toEqual({ description: 'Invalid status value' });
    });

    it('turns a parameter type and collectionFormat into a schema and a style', () => {
      const [status] = operationOf(petstore, 'GET', '/pet/findByStatus').parameters;
      expect(status).toEqual({
        name: 'status',
        in: 'query',
        description: 'Status values that need to be considered for filter',
        required: true,
        schema: {
          type: 'array',
          items: { type: 'string', enum: ['available', 'pending', 'sold'], default: 'available' },
        },
        style: 'form',
        explode: true,
      });
    });

    it('turns formData parameters into a multipart request body with a binary file', () => {
      const upload = operationOf(petstore, 'POST', '/pet/{petId}/uploadImage');
      expect(upload.requestBody?.content).toEqual({
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: {
              additionalMetadata: { type: 'string', description: 'Additional data to pass to server' },
              file: { type: 'string', format: 'binary', description: 'file to upload' },
            },
          },
        },
      });
      expect(upload.parameters.map((p) => `${p.in}:${p.name}`)).toEqual(['path:petId']);
    });

    it('gives response headers a schema', () => {
      const login = operationOf(petstore, 'GET', '/user/login');
      expect(login.responses['200']?.headers).toEqual({
        'X-Rate-Limit': {
          description: 'calls per hour allowed by the user',
          schema: { type: 'integer', format: 'int32' },
        },
        'X-Expires-After': {
          description: 'date in UTC when token expires',
          schema: { type: 'string', format: 'date-time' },
        },
      });
    });

    it('converts the security definitions and keeps each operation’s requirements', () => {
      expect(petstore.securitySchemes).toEqual({
        petstore_auth: {
          type: 'oauth2',
          flows: {
            implicit: {
              authorizationUrl: 'http://petstore.swagger.io/oauth/dialog',
              scopes: { 'write:pets': 'modify pets in your account', 'read:pets': 'read your pets' },
            },
          },
        },
        api_key: { type: 'apiKey', name: 'api_key', in: 'header' },
      });
      expect(operationOf(petstore, 'GET', '/pet/{petId}').security).toEqual([{ api_key: [] }]);
      expect(operationOf(petstore, 'POST', '/pet').security).toEqual([
        { petstore_auth: ['write:pets', 'read:pets'] },
      ]);
      expect(operationOf(petstore, 'GET', '/user/logout').security).toBeUndefined();
    });

    it('keeps examples by media type, resolved responses and path-level parameters', () => {
      const list = operationOf(fixture, 'GET', '/pets');
      expect(list.responses['200']?.content?.['application/json']).toEqual({
        schema: { type: 'array', items: { $ref: '#/components/schemas/Pet' } },
        example: [{ id: 1, name: 'Rex' }],
      });
      expect(list.responses.default).toEqual({
        description: 'Unexpected error',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      });
      expect(list.parameters.map((p) => `${p.in}:${p.name}`)).toEqual(['query:limit', 'header:X-Trace-Id']);
      expect(list.parameters[1]?.schema).toEqual({ type: 'string', format: 'uuid' });
      const show = operationOf(fixture, 'GET', '/pets/{petId}');
      expect(show.parameters).toEqual([
        { name: 'petId', in: 'path', required: true, schema: { type: 'string', pattern: '^[0-9]+$' } },
      ]);
      expect(show.responses['404']).toEqual({ description: 'No such pet' });
    });
  });

  describe('an OpenAPI 3.0 document', () => {
    let security: DeployedApi;
    let mediaTypes: DeployedApi;
    let responseExamples: DeployedApi;
    beforeAll(async () => {
      security = await deployed(oasExample('3.0/json/security.json'), 'security.json');
      mediaTypes = await deployed(
        oasExample('3.0/json/response-multiple-mediatypes.json'),
        'response-multiple-mediatypes.json',
      );
      responseExamples = await deployed(oasExample('3.0/json/response-examples.json'), 'examples.json');
    });

    it('keeps every media type of a response with its named examples', () => {
      const responses = operationOf(mediaTypes, 'POST', '/multiple-types-multiple-examples').responses;
      expect(Object.keys(responses['200']?.content ?? {})).toEqual(['text/plain', 'application/json']);
      expect(responses['200']?.content?.['text/plain']?.examples).toEqual({ response: { value: 'OK' } });
      const json = responses['200']?.content?.['application/json']?.examples ?? {};
      expect(Object.keys(json)).toEqual(['cat', 'dog']);
      expect(json.dog).toMatchObject({ summary: "An example of a dog with a cat's name" });
      expect(json.dog?.value).toMatchObject({ name: 'Puma', petType: 'Dog' });
      expect(Object.keys(responses['400']?.content ?? {})).toEqual(['application/xml']);
    });

    it('keeps a default response beside the numbered ones, and resolves a referenced response', () => {
      const { responses } = operationOf(responseExamples, 'GET', '/examples');
      expect(Object.keys(responses)).toEqual(['201', '202', '400', 'default']);
      expect(Object.keys(responses.default?.content ?? {})).toEqual([
        'application/json',
        'text/csv, text/comma-separated-values',
      ]);
      expect(JSON.stringify(responses['400'])).not.toContain('#/components/responses');
    });

    it('keeps the security schemes of the document', () => {
      expect(Object.keys(security.securitySchemes)).toEqual([
        'apiKey_cookie',
        'apiKey_header',
        'apiKey_query',
        'basic',
        'bearer',
        'bearer_jwt',
        'oauth2',
        'oauth2_authorizationCode',
        'oauth2_clientCredentials',
        'oauth2_implicit',
        'oauth2_password',
        'openIdConnect',
      ]);
      expect(security.securitySchemes.apiKey_cookie).toMatchObject({ type: 'apiKey', in: 'cookie' });
      expect(security.securitySchemes.bearer_jwt).toMatchObject({
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'JWT',
      });
      expect(security.securitySchemes.openIdConnect).toMatchObject({ type: 'openIdConnect' });
      expect(security.securitySchemes.oauth2_password).toMatchObject({
        type: 'oauth2',
        flows: { password: { tokenUrl: expect.any(String), scopes: expect.any(Object) } },
      });
    });

    it("keeps each operation's requirements, an empty one among them", () => {
      expect(operationOf(security, 'GET', '/anything/apiKey').security).toEqual([{ apiKey_query: [] }]);
      expect(operationOf(security, 'POST', '/anything/oauth2').security).toEqual([
        { oauth2: ['write:things'] },
      ]);
      expect(operationOf(security, 'GET', '/anything/optional-auth').security).toEqual([
        { apiKey_query: [] },
        {},
      ]);
      expect(operationOf(security, 'POST', '/anything/no-auth').security).toBeUndefined();
    });
  });

  describe('document-level security', () => {
    it('is inherited, overridden by an operation, and opted out of with security: []', async () => {
      const api = await deployed(
        JSON.stringify({
          openapi: '3.0.3',
          info: { title: 'Secured', version: '1' },
          security: [{ key: [] }],
          paths: {
            '/inherited': { get: { responses: { '200': { description: 'ok' } } } },
            '/own': {
              get: { security: [{ basic: [] }, { key: [] }], responses: { '200': { description: 'ok' } } },
            },
            '/open': { get: { security: [], responses: { '2XX': { description: 'ok' } } } },
          },
          components: {
            securitySchemes: {
              key: { type: 'apiKey', name: 'X-Key', in: 'header' },
              basic: { type: 'http', scheme: 'Basic' },
            },
          },
        }),
        'secured.json',
      );
      expect(operationOf(api, 'GET', '/inherited').security).toEqual([{ key: [] }]);
      expect(operationOf(api, 'GET', '/own').security).toEqual([{ basic: [] }, { key: [] }]);
      expect(operationOf(api, 'GET', '/open').security).toEqual([]);
      expect(operationOf(api, 'GET', '/open').responses).toEqual({ '2XX': { description: 'ok' } });
      expect(api.securitySchemes.basic).toEqual({ type: 'http', scheme: 'basic' });
    });
  });

  describe('an OpenAPI 3.1 document', () => {
    let travel: DeployedApi;
    beforeAll(async () => {
      travel = await deployed(oasExample('3.1/json/train-travel.json'), 'train-travel.json');
    });

    it('resolves referenced responses and headers, keeping schema references', () => {
      const stations = operationOf(travel, 'GET', '/stations');
      expect(stations.responses['200']?.headers?.RateLimit).toMatchObject({
        schema: { type: 'string' },
      });
      const badRequest = stations.responses['400'];
      expect(Object.keys(badRequest?.content ?? {})).toEqual([
        'application/problem+json',
        'application/problem+xml',
      ]);
      expect(badRequest?.content?.['application/problem+json']).toMatchObject({
        schema: { $ref: '#/components/schemas/Problem' },
        example: { status: 400, title: 'Bad Request' },
      });
      expect(badRequest?.headers?.RateLimit).toBeDefined();
    });

    it('inherits the document security where an operation has none', () => {
      expect(operationOf(travel, 'GET', '/stations').security).toEqual([{ OAuth2: ['read'] }]);
      expect(operationOf(travel, 'POST', '/bookings').security).toEqual([{ OAuth2: ['write'] }]);
      expect(travel.securitySchemes.OAuth2).toMatchObject({
        type: 'oauth2',
        flows: { authorizationCode: { scopes: { read: 'Read access', write: 'Write access' } } },
      });
    });
  });

  it('loads no declared operation and no schemes for a document without security', async () => {
    const api = await deployed(openApi30PetstoreYaml, 'petstore.yaml');
    expect(api.securitySchemes).toEqual({});
    expect(api.endpoints.every((e) => e.operation !== null)).toBe(true);
  });
});
