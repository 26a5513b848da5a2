import { describe, expect, it } from 'vitest';
import { schemaValue } from './schemaValue.js';
import type { Schemas } from './shapes.js';

const schemas: Schemas = new Map([
  [
    'Tag',
    {
      type: 'object',
      properties: [{ key: 'label', required: true, shape: { type: 'string', example: 'red' } }],
    },
  ],
]);

describe('a value for a schema as the document writes it', () => {
  it('takes the example, then the default, then the first enum value', () => {
    expect(schemaValue({ type: 'integer', example: 5, default: 1 }, 'n', schemas)).toBe(5);
    expect(schemaValue({ type: 'integer', examples: [6] }, 'n', schemas)).toBe(6);
    expect(schemaValue({ type: 'string', default: null, nullable: true }, 'n', schemas)).toBeNull();
    expect(schemaValue({ type: 'string', enum: ['a', 'b'] }, 'n', schemas)).toBe('a');
  });

  it('generates by type and format within the schema’s limits', () => {
    expect(schemaValue({ type: 'string', format: 'uuid' }, 'x', schemas)).toMatch(/^[0-9a-f-]{36}$/);
    const limited = schemaValue({ type: 'integer', minimum: 3, maximum: 4 }, 'x', schemas);
    expect([3, 4]).toContain(limited);
    expect(String(schemaValue({ type: 'string', maxLength: 3 }, 'word', schemas)).length).toBeLessThanOrEqual(
      3,
    );
    expect(typeof schemaValue({ type: ['boolean', 'null'] }, 'x', schemas)).toBe('boolean');
  });

  it('builds objects and arrays, and a named schema by the product’s model', () => {
    const value = schemaValue(
      {
        type: 'object',
        properties: {
          tags: { type: 'array', items: { $ref: '#/components/schemas/Tag' } },
          secret: { type: 'string', writeOnly: true },
        },
      },
      'x',
      schemas,
    );
    expect(value).toEqual({ tags: [{ label: 'red' }] });
  });

  it('merges allOf parts and takes the first of oneOf', () => {
    const merged = schemaValue(
      { allOf: [{ $ref: '#/components/schemas/Tag' }, { properties: { n: { const: 1 } } }] },
      'x',
      schemas,
    );
    expect(merged).toEqual({ label: 'red', n: 1 });
    expect(schemaValue({ oneOf: [{ const: 'first' }, { const: 'second' }] }, 'x', schemas)).toBe('first');
  });
});

describe('a value for a schema that names one the catalog has no model of', () => {
  const declared: Record<string, unknown> = {
    Note: {
      type: 'object',
      properties: { text: { type: 'string', example: 'hi' }, tag: { $ref: '#/components/schemas/Tag' } },
    },
    Node: {
      type: 'object',
      properties: {
        label: { type: 'string', example: 'root' },
        children: { type: 'array', items: { $ref: '#/components/schemas/Node' } },
        parent: { $ref: '#/components/schemas/Node' },
      },
    },
    Wide: {
      type: 'object',
      properties: Object.fromEntries(
        Array.from({ length: 20 }, (_, i) => [`p${i}`, { $ref: '#/components/schemas/Wide2' }]),
      ),
    },
    Wide2: {
      type: 'object',
      properties: Object.fromEntries(
        Array.from({ length: 20 }, (_, i) => [`p${i}`, { $ref: '#/components/schemas/Wide3' }]),
      ),
    },
    Wide3: {
      type: 'object',
      properties: Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`p${i}`, { type: 'string' }])),
    },
  };
  const resolve = (ref: string) => declared[ref.replace('#/components/schemas/', '')];
  const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

  it('follows the reference to the document’s schema, and the catalog’s model where it has one', () => {
    expect(schemaValue(ref('Note'), 'x', schemas, resolve)).toEqual({ text: 'hi', tag: { label: 'red' } });
  });

  it('generates nothing for it without the document’s schemas', () => {
    expect(schemaValue(ref('Note'), 'x', schemas)).toBeUndefined();
  });

  it('cuts a cycle where it comes back, as an optional property is left out', () => {
    expect(schemaValue(ref('Node'), 'x', schemas, resolve)).toEqual({ label: 'root', children: [] });
  });

  it('stays small when references fan out', () => {
    const value = schemaValue(ref('Wide'), 'x', schemas, resolve);
    const leaves = JSON.stringify(value).match(/"p\d+":"/g)?.length ?? 0;
    expect(leaves).toBeGreaterThan(0);
    expect(leaves).toBeLessThanOrEqual(2_000);
  });
});
