import type { DeclaredOperation, ImportedApi } from '@sandbox/contracts';
import { describe, expect, it } from 'vitest';
import { importErrorOf, importJson } from '../../test/support/import/importHelpers.js';

function operationOf(api: ImportedApi, method: string, path: string): DeclaredOperation {
  const endpoint = api.endpoints.find((e) => e.methodType === method && e.apiEndPoint === path);
  if (!endpoint?.operationJson) throw new Error(`no declared operation for ${method} ${path}`);
  return JSON.parse(endpoint.operationJson);
}

const ok = { description: 'ok' };

function openApi(paths: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return { openapi: '3.0.3', info: { title: 'Declared', version: '1' }, paths, ...extra };
}

describe('the declared operation of an OpenAPI 3 document', () => {
  it('refers to a schema whose name holds a slash by its escaped pointer', () => {
    const api = importJson(
      openApi(
        {
          '/files': {
            get: {
              responses: {
                '200': {
                  description: 'ok',
                  content: {
                    'application/json': {
                      schema: { type: 'array', items: { $ref: '#/components/schemas/file~1entry' } },
                    },
                  },
                },
              },
            },
          },
        },
        { components: { schemas: { 'file/entry': { type: 'object' } } } },
      ),
    );
    const schema = operationOf(api, 'GET', '/files').responses['200']?.content?.['application/json']?.schema;
    expect(schema).toEqual({ type: 'array', items: { $ref: '#/components/schemas/file~1entry' } });
    expect(api.schemas.map((s) => s.schemaName)).toContain('file/entry');
  });

  it('keeps circular named schemas as references and ends a cycle of unnamed ones', () => {
    const api = importJson(
      openApi(
        {
          '/trees': {
            get: {
              parameters: [{ name: 'filter', in: 'query', schema: { $ref: '#/x-defs/Tree' } }],
              responses: {
                '200': {
                  description: 'ok',
                  content: { 'application/json': { schema: { $ref: '#/components/schemas/Node' } } },
                },
              },
            },
          },
        },
        {
          'x-defs': {
            Tree: {
              type: 'object',
              properties: { kids: { type: 'array', items: { $ref: '#/x-defs/Tree' } } },
            },
          },
          components: {
            schemas: {
              Node: { type: 'object', properties: { next: { $ref: '#/components/schemas/Node' } } },
            },
          },
        },
      ),
    );
    const operation = operationOf(api, 'GET', '/trees');
    expect(operation.parameters[0]?.schema).toEqual({
      type: 'object',
      properties: { kids: { type: 'array', items: {} } },
    });
    expect(operation.responses['200']?.content?.['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/Node',
    });
  });

  it('resolves named examples, a reference’s own summary winning, and an example given as a $ref', () => {
    const api = importJson({
      openapi: '3.1.0',
      info: { title: 'Examples', version: '1' },
      paths: {
        '/users': {
          post: {
            requestBody: {
              content: {
                'application/json': {
                  example: { $ref: '#/components/examples/ann/value' },
                  examples: { ann: { $ref: '#/components/examples/ann', summary: 'Ann, again' } },
                },
              },
            },
            responses: {
              '201': {
                description: 'made',
                content: { 'application/json': { example: { link: { $ref: '#/not/followed' } } } },
              },
            },
          },
        },
      },
      components: { examples: { ann: { summary: 'Ann', value: { name: 'Ann' } } } },
    });
    const operation = operationOf(api, 'POST', '/users');
    expect(operation.requestBody?.content['application/json']).toEqual({
      example: { name: 'Ann' },
      examples: { ann: { summary: 'Ann, again', value: { name: 'Ann' } } },
    });
    expect(operation.responses['201']?.content?.['application/json']?.example).toEqual({
      link: { $ref: '#/not/followed' },
    });
  });

  it('merges path-level parameters, the operation’s winning by name and place', () => {
    const api = importJson(
      openApi(
        {
          '/items/{id}': {
            parameters: [
              { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
              { $ref: '#/components/parameters/Limit' },
            ],
            get: {
              parameters: [
                { name: 'limit', in: 'query', schema: { type: 'integer', maximum: 5 } },
                { name: 'limit', in: 'header', schema: { type: 'string' } },
              ],
              responses: { '2xx': ok, default: ok },
            },
          },
        },
        {
          components: { parameters: { Limit: { name: 'limit', in: 'query', schema: { type: 'integer' } } } },
        },
      ),
    );
    const operation = operationOf(api, 'GET', '/items/{id}');
    expect(operation.parameters).toEqual([
      { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
      { name: 'limit', in: 'query', schema: { type: 'integer', maximum: 5 } },
      { name: 'limit', in: 'header', schema: { type: 'string' } },
    ]);
    expect(Object.keys(operation.responses)).toEqual(['2XX', 'default']);
  });

  it('resolves referenced headers and leaves out callbacks', () => {
    const api = importJson(
      openApi(
        {
          '/hooks': {
            post: {
              callbacks: { done: { '{$request.body#/url}': { post: { responses: { '200': ok } } } } },
              responses: {
                '202': {
                  description: 'accepted',
                  headers: {
                    Location: { $ref: '#/components/headers/Location' },
                    'X-Elsewhere': { schema: { $ref: 'https://example.com/schemas.json#/Id' } },
                  },
                },
              },
            },
          },
        },
        {
          components: {
            headers: { Location: { required: true, schema: { type: 'string', format: 'uri' } } },
          },
        },
      ),
    );
    const operation = operationOf(api, 'POST', '/hooks');
    expect(operation).not.toHaveProperty('callbacks');
    expect(operation.responses['202']?.headers).toEqual({
      Location: { required: true, schema: { type: 'string', format: 'uri' } },
      'X-Elsewhere': { schema: { $ref: 'https://example.com/schemas.json#/Id' } },
    });
  });

  it('refuses a document whose references expand beyond the bound', () => {
    const headers = Object.fromEntries(
      Array.from({ length: 100 }, (_, i) => [`X-H${i}`, { $ref: '#/components/headers/Big' }]),
    );
    const paths = Object.fromEntries(
      Array.from({ length: 200 }, (_, i) => [
        `/p${i}`,
        { get: { responses: { '200': { description: 'ok', headers } } } },
      ]),
    );
    const document = openApi(paths, {
      components: { headers: { Big: { schema: { type: 'string' }, example: 'x'.repeat(20_000) } } },
    });
    const error = importErrorOf(() => importJson(document));
    expect(error.message).toBe('The document expands into too much once its references are resolved');
  });

  it('drops a security scheme the sandbox cannot check, with a warning', () => {
    const api = importJson(
      openApi(
        { '/a': { get: { responses: { '200': ok } } } },
        {
          components: {
            securitySchemes: {
              key: { type: 'apiKey', name: 'k', in: 'body' },
              bearer: { type: 'http', scheme: 'Bearer', description: 'A token' },
            },
          },
        },
      ),
    ) as ImportedApi & { warnings: { pointer: string }[] };
    expect(api.securitySchemes).toEqual({
      bearer: { type: 'http', scheme: 'bearer', description: 'A token' },
    });
    expect(api.warnings.map((w) => w.pointer)).toContain('#/components/securitySchemes/key');
  });
});

describe('a security requirement naming a scheme the document does not declare', () => {
  const warned = (api: ImportedApi) =>
    (api.warnings ?? []).filter((warning) => warning.message.includes('not declared by the document'));

  it('is named in one warning per requirement, the scheme kept in the operation', () => {
    const api = importJson(
      openApi(
        {
          '/a': {
            get: {
              security: [{ key: [] }, { missing: [], alsoMissing: ['read'] }],
              responses: { '200': ok },
            },
            post: { security: [{ typo: [] }], responses: { '200': ok } },
          },
        },
        { components: { securitySchemes: { key: { type: 'apiKey', name: 'k', in: 'header' } } } },
      ),
    );
    expect(warned(api)).toEqual([
      {
        pointer: '#/paths/~1a/get/security/1',
        message:
          'The security schemes "missing", "alsoMissing" are not declared by the document: requests are not checked for them',
      },
      {
        pointer: '#/paths/~1a/post/security/0',
        message:
          'The security scheme "typo" is not declared by the document: requests are not checked for it',
      },
    ]);
    expect(operationOf(api, 'POST', '/a').security).toEqual([{ typo: [] }]);
  });

  it('is warned once for the document’s own requirements, however many operations inherit them', () => {
    const api = importJson(
      openApi(
        {
          '/a': { get: { responses: { '200': ok } }, put: { responses: { '200': ok } } },
          '/b': { get: { responses: { '200': ok } } },
        },
        { security: [{ oauth: ['read'] }] },
      ),
    );
    expect(warned(api).map((warning) => warning.pointer)).toEqual(['#/security/0']);
  });

  it('is not warned for a document whose operations all declare their own requirements', () => {
    const api = importJson(
      openApi({ '/a': { get: { security: [], responses: { '200': ok } } } }, { security: [{ oauth: [] }] }),
    );
    expect(warned(api)).toEqual([]);
  });

  it('is not warned for a scheme declared in a form the sandbox cannot check (that scheme has its warning)', () => {
    const api = importJson(
      openApi(
        { '/a': { get: { security: [{ odd: [] }], responses: { '200': ok } } } },
        { components: { securitySchemes: { odd: { type: 'apiKey', name: 'k', in: 'body' } } } },
      ),
    );
    expect(warned(api)).toEqual([]);
    expect((api.warnings ?? []).map((warning) => warning.pointer)).toEqual([
      '#/components/securitySchemes/odd',
    ]);
  });

  it('is warned in a Swagger 2.0 document too', () => {
    const api = importJson({
      swagger: '2.0',
      info: { title: 'Swagger', version: '1' },
      paths: { '/a': { get: { security: [{ basic: [] }, { token: [] }], responses: { '200': ok } } } },
      securityDefinitions: { basic: { type: 'basic' } },
    });
    expect(warned(api).map((warning) => warning.pointer)).toEqual(['#/paths/~1a/get/security/1']);
  });
});

describe('the declared operation of a Swagger 2.0 document', () => {
  const swagger = (paths: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
    swagger: '2.0',
    info: { title: 'Swagger', version: '1' },
    paths,
    ...extra,
  });

  it('gives a csv array its 3.0 style, a nullable property its 3.0 keyword and a file its binary format', () => {
    const api = importJson(
      swagger({
        '/search': {
          get: {
            parameters: [
              { name: 'tags', in: 'query', type: 'array', items: { type: 'string' } },
              {
                name: 'ids',
                in: 'query',
                type: 'array',
                items: { type: 'integer' },
                collectionFormat: 'pipes',
              },
              { name: 'X-Ids', in: 'header', type: 'array', items: { type: 'string' } },
            ],
            responses: {
              '200': {
                description: 'found',
                schema: { type: 'object', properties: { note: { type: 'string', 'x-nullable': true } } },
              },
              '201': { description: 'a file', schema: { type: 'file' } },
            },
          },
        },
      }),
    );
    const operation = operationOf(api, 'GET', '/search');
    expect(operation.parameters.map(({ name, style, explode }) => ({ name, style, explode }))).toEqual([
      { name: 'tags', style: 'form', explode: false },
      { name: 'ids', style: 'pipeDelimited', explode: false },
      { name: 'X-Ids', style: 'simple', explode: false },
    ]);
    expect(operation.responses['200']?.content).toEqual({
      'application/json': {
        schema: {
          type: 'object',
          properties: { note: { type: 'string', 'x-nullable': true, nullable: true } },
        },
      },
    });
    expect(operation.responses['201']?.content?.['application/json']?.schema).toEqual({
      type: 'string',
      format: 'binary',
    });
  });

  it('adds a media type its examples name beside those it produces, and none without schema or example', () => {
    const api = importJson(
      swagger(
        {
          '/notes': {
            get: {
              produces: ['application/json'],
              responses: {
                '200': {
                  description: 'notes',
                  schema: { type: 'array', items: { type: 'string' } },
                  examples: { 'text/plain': 'a, b' },
                },
                '204': { description: 'nothing' },
              },
            },
          },
        },
        { produces: ['application/xml'] },
      ),
    );
    const { responses } = operationOf(api, 'GET', '/notes');
    // the type records are kept in has no example of its own: the first one is its example, as the
    // catalog kept it (answered only where it is a value of the schema)
    expect(responses['200']?.content).toEqual({
      'application/json': { schema: { type: 'array', items: { type: 'string' } }, example: 'a, b' },
      'text/plain': { schema: { type: 'array', items: { type: 'string' } }, example: 'a, b' },
    });
    expect(responses['204']).toEqual({ description: 'nothing' });
  });

  it('sends form fields as an urlencoded object, a repeated array field exploded', () => {
    const api = importJson(
      swagger({
        '/login': {
          post: {
            consumes: ['application/x-www-form-urlencoded'],
            parameters: [
              { name: 'user', in: 'formData', type: 'string', required: true },
              {
                name: 'roles',
                in: 'formData',
                type: 'array',
                items: { type: 'string' },
                collectionFormat: 'multi',
              },
            ],
            responses: { '200': ok },
          },
        },
      }),
    );
    expect(operationOf(api, 'POST', '/login').requestBody).toEqual({
      required: true,
      content: {
        'application/x-www-form-urlencoded': {
          schema: {
            type: 'object',
            properties: { user: { type: 'string' }, roles: { type: 'array', items: { type: 'string' } } },
            required: ['user'],
          },
          encoding: { roles: { style: 'form', explode: true } },
        },
      },
    });
  });

  it('converts each kind of security definition', () => {
    const api = importJson(
      swagger(
        { '/a': { get: { security: [], responses: { '200': ok } } } },
        {
          security: [{ basic: [] }],
          securityDefinitions: {
            basic: { type: 'basic', description: 'Who you are' },
            query: { type: 'apiKey', name: 'key', in: 'query' },
            app: { type: 'oauth2', flow: 'application', tokenUrl: 'https://auth.test/token', scopes: {} },
            code: {
              type: 'oauth2',
              flow: 'accessCode',
              authorizationUrl: 'https://auth.test/authorize',
              tokenUrl: 'https://auth.test/token',
              scopes: { read: 'Read' },
            },
            password: { type: 'oauth2', flow: 'password', tokenUrl: 'https://auth.test/token', scopes: {} },
          },
        },
      ),
    );
    expect(api.securitySchemes).toEqual({
      basic: { type: 'http', scheme: 'basic', description: 'Who you are' },
      query: { type: 'apiKey', name: 'key', in: 'query' },
      app: {
        type: 'oauth2',
        flows: { clientCredentials: { tokenUrl: 'https://auth.test/token', scopes: {} } },
      },
      code: {
        type: 'oauth2',
        flows: {
          authorizationCode: {
            authorizationUrl: 'https://auth.test/authorize',
            tokenUrl: 'https://auth.test/token',
            scopes: { read: 'Read' },
          },
        },
      },
      password: { type: 'oauth2', flows: { password: { tokenUrl: 'https://auth.test/token', scopes: {} } } },
    });
    expect(operationOf(api, 'GET', '/a').security).toEqual([]);
  });
});
