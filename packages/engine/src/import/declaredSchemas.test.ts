import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { DeclaredSchemas, ImportedApi } from '@sandbox/contracts';
import { describe, expect, it } from 'vitest';
import { documentWithSchemas, importErrorOf, importJson } from '../../test/support/import/importHelpers.js';
import { importOpenApi } from './importOpenApi.js';

const oasExample = (path: string) =>
  readFileSync(createRequire(import.meta.url).resolve(`@readme/oas-examples/${path}`), 'utf8');

function declaredOf(api: ImportedApi): DeclaredSchemas {
  if (api.declaredSchemasJson === undefined) throw new Error('no declared schemas');
  return JSON.parse(api.declaredSchemasJson);
}

describe('the named schemas as the document writes them', () => {
  it('keeps an OpenAPI 3.0 petstore’s schemas with their xml objects, references as references', () => {
    const declared = declaredOf(importOpenApi(oasExample('3.0/yaml/petstore.yaml'), 'petstore.yaml'));
    expect(Object.keys(declared)).toEqual(['Order', 'Category', 'User', 'Tag', 'Pet', 'ApiResponse']);
    expect(declared.Pet).toMatchObject({
      xml: { name: 'Pet' },
      required: ['name', 'photoUrls'],
      properties: {
        category: { $ref: '#/components/schemas/Category' },
        photoUrls: { type: 'array', xml: { name: 'photoUrl', wrapped: true }, items: { type: 'string' } },
        tags: { xml: { name: 'tag', wrapped: true }, items: { $ref: '#/components/schemas/Tag' } },
      },
    });
    expect(declared.Tag).toEqual({
      type: 'object',
      properties: { id: { type: 'integer', format: 'int64' }, name: { type: 'string' } },
      xml: { name: 'Tag' },
    });
  });

  it('converts a Swagger 2.0 petstore’s definitions as its operations’ schemas are converted', () => {
    const declared = declaredOf(importOpenApi(oasExample('2.0/json/petstore.json'), 'petstore.json'));
    expect(declared.Pet).toMatchObject({
      xml: { name: 'Pet' },
      properties: {
        category: { $ref: '#/components/schemas/Category' },
        tags: { items: { $ref: '#/components/schemas/Tag' } },
      },
    });
    const crafted = declaredOf(
      importJson({
        swagger: '2.0',
        info: { title: 'Definitions', version: '1' },
        paths: {},
        definitions: {
          Note: {
            type: 'object',
            discriminator: 'kind',
            properties: {
              kind: { type: 'string' },
              text: { type: 'string', 'x-nullable': true },
              scan: { type: 'file' },
            },
          },
        },
      }),
    );
    expect(crafted.Note).toEqual({
      type: 'object',
      discriminator: { propertyName: 'kind' },
      properties: {
        kind: { type: 'string' },
        text: { type: 'string', 'x-nullable': true, nullable: true },
        scan: { type: 'string', format: 'binary' },
      },
    });
  });

  it('copies in place a reference to anything but a named schema, and keeps names no object may hold', () => {
    const declared = declaredOf(
      importJson({
        ...documentWithSchemas({
          Money: { type: 'object', properties: { amount: { $ref: '#/x-shared/Amount' } } },
          Alias: { $ref: '#/components/schemas/Money' },
          // computed: an own property named __proto__, as JSON.parse makes it
          ['__proto__']: { type: 'string', xml: { name: 'proto' } },
          constructor: { type: 'integer' },
        }),
        'x-shared': { Amount: { type: 'number', minimum: 0 } },
      }),
    );
    expect(declared.Money).toEqual({
      type: 'object',
      properties: { amount: { type: 'number', minimum: 0 } },
    });
    expect(declared.Alias).toEqual({ $ref: '#/components/schemas/Money' });
    expect(Object.hasOwn(declared, '__proto__')).toBe(true);
    expect(Object.getOwnPropertyDescriptor(declared, '__proto__')?.value).toEqual({
      type: 'string',
      xml: { name: 'proto' },
    });
    expect(declared.constructor).toEqual({ type: 'integer' });
  });

  it('has none for a document that names no schema', () => {
    const api = importJson({
      openapi: '3.1.0',
      info: { title: 'Bare', version: '1' },
      paths: { '/a': { get: { responses: { '200': { description: 'ok' } } } } },
    });
    expect(api.declaredSchemasJson).toBeUndefined();
  });

  it('refuses named schemas that expand into too much once their references are copied', () => {
    const big = { type: 'string', example: 'x'.repeat(100_000) };
    const refs = (count: number) =>
      Object.fromEntries(Array.from({ length: count }, (_, i) => [`p${i}`, { $ref: '#/x-shared/Big' }]));
    const document = (count: number) => ({
      ...documentWithSchemas({ Wide: { type: 'object', properties: refs(count) } }),
      'x-shared': { Big: big },
    });
    // 30 MB once expanded is within the budget (4 × the 10 MB a file may have); 50 MB is not
    expect(declaredOf(importJson(document(300))).Wide).toMatchObject({ properties: { p299: big } });
    expect(importErrorOf(() => importJson(document(500))).message).toBe(
      'The document expands into too much once its references are resolved',
    );
  });
});
