import type { ImportedApi } from '@sandbox/contracts';
import { importOpenApi } from '@sandbox/engine/import/importOpenApi';
import { describe, expect, it } from 'vitest';
import { generateLargeDocument } from '../../../../packages/engine/test/support/import/generateDocument.js';
import { documentWithSchemas } from '../../../../packages/engine/test/support/import/importHelpers.js';
import {
  openApi30PetstoreYaml,
  openApi31Petstore,
  swagger2Petstore,
} from '../../../../packages/engine/test/support/import/petstores.js';
import { exportModel } from '../export/service.js';
import { declaredOperationOf, declaredSchemasOf, type EndpointRows } from './modelOfRows.js';

// The model written from catalog rows (an endpoint designed in the product, an API an older release
// kept as rows alone), seen as a user sees it: through the export, and back through the import.

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

const documents: [string, string, string][] = [
  ['a Swagger 2.0 petstore', JSON.stringify(swagger2Petstore()), 'petstore.json'],
  ['an OpenAPI 3.0 YAML petstore', openApi30PetstoreYaml, 'petstore.yaml'],
  ['an OpenAPI 3.1 petstore', JSON.stringify(openApi31Petstore()), 'petstore31.json'],
  [
    'a document of compositions, cycles and constraints',
    JSON.stringify(
      documentWithSchemas(
        {
          Node: { type: 'object', properties: { children: { type: 'array', items: ref('Node') } } },
          Cat: {
            type: 'object',
            required: ['name'],
            properties: { name: { type: 'string', default: 'Tom' } },
          },
          Dog: { allOf: [ref('Cat'), { properties: { barks: { type: 'boolean', default: false } } }] },
          Pet: {
            oneOf: [ref('Cat'), ref('Dog'), { type: 'object' }, { type: 'null' }],
            description: 'Any pet',
          },
          Home: {
            type: 'object',
            properties: {
              pets: { type: 'array', items: { anyOf: [ref('Cat'), ref('Dog')] }, maxItems: 4 },
              grid: { type: 'array', items: { type: 'array', items: { type: 'integer' } } },
              owner: { anyOf: [ref('Cat'), { type: 'null' }], description: 'Who owns it' },
              address: {
                type: 'object',
                properties: {
                  lines: {
                    type: 'array',
                    items: { type: 'object', properties: { text: { type: 'string' } } },
                  },
                },
              },
              score: { type: ['number', 'null'], minimum: 0, maximum: 10, default: 5, example: 7.5 },
              zone: { enum: ['a', 'b'] },
            },
          },
          Id: {
            type: 'string',
            format: 'uuid',
            pattern: '^[0-9a-f-]+$',
            minLength: 36,
            maxLength: 36,
            example: 'x',
          },
          Ids: { type: 'array', items: ref('Id') },
        },
        { type: 'array', items: { type: 'object', properties: { pet: ref('Pet') } } },
      ),
    ),
    'compositions.json',
  ],
  [
    'a generated document of 300 operations',
    JSON.stringify(generateLargeDocument({ operations: 300 })),
    'big.json',
  ],
];

/** An API's catalog rows: what an older release kept of it, without its model. */
type Catalog = Omit<ImportedApi, 'endpoints'> & { endpoints: EndpointRows[] };

function catalogOf({
  securitySchemes: _schemes,
  declaredSchemasJson: _declared,
  ...api
}: ImportedApi): Catalog {
  return { ...api, endpoints: api.endpoints.map(({ operationJson: _operation, ...endpoint }) => endpoint) };
}

/** The API exported from the model its rows are written as. */
function exportRows(api: Catalog) {
  return exportModel({
    title: api.title,
    version: api.version,
    description: api.description,
    endpoints: api.endpoints.map((e) => ({
      method: e.methodType,
      path: e.apiEndPoint,
      operation: declaredOperationOf(e),
    })),
    schemas: declaredSchemasOf(api.schemas),
    securitySchemes: {},
  });
}

describe('the model written from catalog rows', () => {
  it.each(documents)('round-trips %s through export and import unchanged', (_name, text, fileName) => {
    const imported = catalogOf(importOpenApi(text, fileName));
    const exported = exportRows(imported);
    const again = catalogOf(importOpenApi(JSON.stringify(exported), 'exported.json'));
    expect(again.endpoints).toEqual(imported.endpoints);
    expect(again.schemas).toEqual(imported.schemas);
    expect(again).toEqual(imported);
  });

  it.each(documents)('writes a well-formed OpenAPI 3.1.0 document for %s', (_name, text, fileName) => {
    assertWellFormed(exportRows(catalogOf(importOpenApi(text, fileName))));
  });

  it('rebuilds schemas with required lists, nested properties, arrays, enums, defaults and compositions', () => {
    const exported = exportRows(catalogOf(importOpenApi(documents[3]?.[1] as string, 'compositions.json')));
    const schemas = exported.components.schemas;
    expect(schemas.Dog).toEqual({
      type: 'object',
      properties: { name: { type: 'string', default: 'Tom' }, barks: { type: 'boolean', default: false } },
      required: ['name'],
    });
    expect(schemas.Pet).toEqual({
      type: ['object', 'null'],
      oneOf: [ref('Cat'), ref('Dog'), ref('PetOption3')],
      description: 'Any pet',
    });
    const home = schemas.Home as { properties: Record<string, unknown> };
    expect(home.properties.pets).toEqual({ type: 'array', items: ref('HomePetsItem'), maxItems: 4 });
    expect(home.properties.owner).toEqual({
      anyOf: [ref('Cat'), { type: 'null' }],
      description: 'Who owns it',
    });
    expect(home.properties.score).toEqual({
      type: ['number', 'null'],
      minimum: 0,
      maximum: 10,
      default: 5,
      example: 7.5,
    });
    expect(home.properties.address).toEqual({
      type: 'object',
      properties: {
        lines: { type: 'array', items: { type: 'object', properties: { text: { type: 'string' } } } },
      },
    });
    expect(schemas.Id).toEqual({
      type: 'string',
      format: 'uuid',
      pattern: '^[0-9a-f-]+$',
      minLength: 36,
      maxLength: 36,
      example: 'x',
    });
  });

  it('gives back which properties are read-only and write-only', () => {
    const document = documentWithSchemas({
      Account: {
        type: 'object',
        required: ['id', 'password'],
        properties: {
          id: { type: 'string', readOnly: true },
          password: { type: 'string', writeOnly: true },
        },
      },
    });
    const exported = exportRows(catalogOf(importOpenApi(JSON.stringify(document), 'accounts.json')));
    expect(exported.components.schemas.Account).toEqual({
      type: 'object',
      properties: {
        id: { type: 'string', readOnly: true },
        password: { type: 'string', writeOnly: true },
      },
      required: ['id', 'password'],
    });
  });

  it('writes an API built by hand, ignoring ids and giving a schema without media type JSON', () => {
    const api: Catalog = {
      title: 'Hand made',
      version: '1.0',
      description: null,
      endpoints: [
        {
          apiTag: 'users',
          methodType: 'POST',
          apiEndPoint: '/users/{userId}',
          summary: null,
          operationId: null,
          parameterConfigList: [
            {
              id: 1,
              keyName: 'userId',
              parameterType: 'path',
              description: null,
              isRequired: false,
              dataType: 'integer',
            },
          ],
          headerConfigList: [],
          requestConfigList: [
            { id: 2, contentType: 'application/json', schemaName: 'User', isRequired: true },
          ],
          responseConfigList: [
            {
              id: 3,
              responseCode: '201',
              responseDescription: 'Created',
              responseSchemaName: 'User',
              contentType: null,
            },
          ],
        },
      ],
      schemas: [
        {
          id: 4,
          schemaName: 'User',
          schemaType: 'object',
          configProperties: [
            {
              id: 5,
              jsonKey: 'age',
              jsonKeyType: 'number',
              isMandatory: true,
              defaultValue: 'not json',
              autoGenerationType: 'Random Number',
            },
          ],
        },
      ],
    };
    const exported = exportRows(api);
    assertWellFormed(exported);
    expect(JSON.stringify(exported)).not.toMatch(/"id":\s*[0-9]/);
    const operation = exported.paths['/users/{userId}']?.post as Record<string, unknown>;
    expect(operation.parameters).toEqual([
      { name: 'userId', in: 'path', required: true, schema: { type: 'integer' } },
    ]);
    expect(operation.responses).toEqual({
      '201': { description: 'Created', content: { 'application/json': { schema: ref('User') } } },
    });
    expect(exported.components.schemas.User).toEqual({
      type: 'object',
      properties: { age: { type: 'number', default: 'not json', 'x-auto-generation': 'Random Number' } },
      required: ['age'],
    });
  });
});

/** What a 3.1 validator would insist on, checked structurally: references resolve, path parameters exist. */
function assertWellFormed(document: ReturnType<typeof exportModel>): void {
  expect(document.openapi).toBe('3.1.0');
  expect(typeof document.info.title).toBe('string');
  expect(typeof document.info.version).toBe('string');
  const names = new Set(Object.keys(document.components.schemas));
  for (const match of JSON.stringify(document).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)) {
    expect(names.has((match[1] as string).replaceAll('~1', '/').replaceAll('~0', '~'))).toBe(true);
  }
  for (const [path, item] of Object.entries(document.paths)) {
    const templated = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
    for (const [method, operation] of Object.entries(item)) {
      expect(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']).toContain(method);
      const { parameters = [], responses } = operation as {
        parameters?: { name: string; in: string; required: boolean }[];
        responses: object;
      };
      expect(responses).toBeTypeOf('object');
      for (const name of templated) {
        expect(parameters).toContainEqual(expect.objectContaining({ name, in: 'path', required: true }));
      }
      const keys = parameters.map((parameter) => `${parameter.in}:${parameter.name}`);
      expect(new Set(keys).size).toBe(keys.length);
    }
  }
}
