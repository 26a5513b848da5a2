import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { importOpenApi } from '../import/importOpenApi.js';
import { generateLargeDocument } from '../import/testing/generateDocument.js';
import { petstoreYaml } from '../test/petstore.js';
import { generateValue } from './generateValue.js';
import { compileSchemas } from './shapes.js';
import { enforceablePattern } from './tenantPattern.js';

/** Every named schema of the original document, checked by an independent JSON Schema validator. */
function expectGeneratedBodiesToValidate(text: string, fileName: string, document: { components: object }) {
  const imported = importOpenApi(text, fileName);
  const shapes = compileSchemas(imported.schemas);
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ $id: 'doc', components: document.components });
  const names = Object.keys((document.components as { schemas: object }).schemas);
  expect(names.length).toBeGreaterThan(0);
  for (const name of names) {
    const validate = ajv.getSchema(`doc#/components/schemas/${name}`);
    if (!validate) throw new Error(`no schema ${name}`);
    for (let i = 0; i < 3; i++) {
      const value = generateValue({ type: shapes.get(name)?.type ?? 'object', ref: name }, name, shapes);
      if (!validate(value)) {
        throw new Error(`${name}: ${JSON.stringify(value)} ${ajv.errorsText(validate.errors)}`);
      }
    }
  }
}

describe('generated bodies', () => {
  it('validate against every schema of a 2,000-operation document', () => {
    const document = generateLargeDocument({ operations: 2000 }) as { components: object };
    expectGeneratedBodiesToValidate(JSON.stringify(document), 'large.json', document);
  });

  it('validate against the schemas of a document with allOf, enums, formats and cycles', async () => {
    const { parse } = await import('yaml');
    expectGeneratedBodiesToValidate(petstoreYaml, 'petstore.yaml', parse(petstoreYaml));
  });

  it('cut a circular schema at a depth instead of looping', () => {
    const text = JSON.stringify({
      openapi: '3.1.0',
      info: { title: 'Tree', version: '1' },
      paths: {},
      components: {
        schemas: {
          Node: {
            type: 'object',
            required: ['name'],
            properties: {
              name: { type: 'string' },
              children: { type: 'array', items: { $ref: '#/components/schemas/Node' } },
            },
          },
        },
      },
    });
    const shapes = compileSchemas(importOpenApi(text, 'tree.json').schemas);
    const depth = (node: { children?: unknown[] }): number =>
      1 + Math.max(0, ...((node.children ?? []) as { children?: unknown[] }[]).map(depth));
    const tree = generateValue({ type: 'object', ref: 'Node' }, 'node', shapes) as { children?: unknown[] };
    expect(depth(tree)).toBeLessThanOrEqual(8);
  });

  it('honour lengths, ranges and names', () => {
    const shapes = compileSchemas([]);
    const code = generateValue({ type: 'string', minLength: 5, maxLength: 5 }, 'code', shapes) as string;
    expect(code).toHaveLength(5);
    expect(generateValue({ type: 'string' }, 'email', shapes)).toMatch(/^[^@\s]+@[^@\s]+\.\w+$/);
    const age = generateValue({ type: 'integer', minimum: 18, maximum: 20 }, 'age', shapes) as number;
    expect(age).toBeGreaterThanOrEqual(18);
    expect(age).toBeLessThanOrEqual(20);
    expect(generateValue({ type: 'string', autoGeneration: 'UUID' }, 'anything', shapes)).toMatch(
      /^[0-9a-f-]{36}$/,
    );
  });

  it.each([
    '^[A-Z]{3}-\\d{4}$',
    '^\\+[0-9]{6,15}$',
    '^(INV|ORD)-\\d+$',
    '^[a-z][a-z0-9_]{2,9}$',
    '^#?[0-9a-fA-F]{6}$',
    '^\\d{5}(-\\d{4})?$',
  ])('match the common pattern %s', (source) => {
    const shape = { type: 'string' as const, pattern: enforceablePattern(source) };
    for (let i = 0; i < 10; i++)
      expect(generateValue(shape, 'code', compileSchemas([]))).toMatch(new RegExp(source));
  });
});
