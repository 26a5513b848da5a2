import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { documentUnderTest } from '../../../test/support/model/documentValidator.js';
import { type JsonSchema, toJsonSchemas } from '../toJsonSchema.js';
import { generateValue } from './generate.js';

// Real public documents: every named schema generated under several seeds, each value judged by Ajv.

const require = createRequire(import.meta.url);
type Json = Record<string, unknown>;

function schemasOf(path: string): Record<string, JsonSchema> {
  const document = JSON.parse(readFileSync(require.resolve(path), 'utf8'));
  return toJsonSchemas(document.components?.schemas ?? {}, 'response');
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** Every named schema of the document, generated under each seed; the first failures Ajv reports. */
function failuresOf(schemas: Record<string, JsonSchema>, seeds: number[]): string[] {
  const document = documentUnderTest(schemas);
  const failures: string[] = [];
  for (const name of Object.keys(schemas))
    for (const seed of seeds) {
      const value = generateValue(ref(name), { resolve: document.resolve, seed, name });
      const errors = document.errorsOf(name, value);
      if (errors.length > 0)
        failures.push(`${name} (seed ${seed}): ${errors[0]} in ${JSON.stringify(value).slice(0, 300)}`);
    }
  return failures;
}

describe('values generated from real documents validate', () => {
  it('writes petstore pets with their required fields, their own ids and real tags', () => {
    const schemas = schemasOf('@readme/oas-examples/3.0/json/petstore.json');
    const document = documentUnderTest({
      ...schemas,
      Pets: { type: 'array', minItems: 3, items: ref('Pet') },
    });
    for (let seed = 1; seed <= 50; seed++) {
      const pets = generateValue(ref('Pets'), { resolve: document.resolve, seed, name: 'pets' }) as Json[];
      expect(document.errorsOf('Pets', pets)).toEqual([]);
      expect(new Set(pets.map((pet) => pet.id)).size).toBe(pets.length);
      for (const pet of pets) {
        expect(pet).toHaveProperty('name');
        expect(pet).toHaveProperty('photoUrls');
        for (const tag of pet.tags as Json[]) expect(Object.keys(tag)).toEqual(['id', 'name']);
      }
    }
    expect(failuresOf(schemas, [1, 2, 3])).toEqual([]);
  });

  it('writes a tic-tac-toe board as three rows of three marks', () => {
    // OpenAPI Initiative's tictactoe example, its schemas as written (3.1)
    const schemas: Record<string, JsonSchema> = {
      coordinate: { type: 'integer', minimum: 1, maximum: 3, example: 1 },
      mark: { type: 'string', enum: ['.', 'X', 'O'], example: '.' },
      board: {
        type: 'array',
        maxItems: 3,
        minItems: 3,
        items: { type: 'array', maxItems: 3, minItems: 3, items: ref('mark') },
      },
      winner: { type: 'string', enum: ['.', 'X', 'O'], example: '.' },
      status: { type: 'object', properties: { winner: ref('winner'), board: ref('board') } },
    };
    const document = documentUnderTest(schemas);
    for (let seed = 1; seed <= 50; seed++) {
      const status = generateValue(ref('status'), { resolve: document.resolve, seed }) as Json;
      expect(document.errorsOf('status', status)).toEqual([]);
      const board = status.board as string[][];
      expect(board).toHaveLength(3);
      for (const row of board) {
        expect(row).toHaveLength(3);
        for (const mark of row) expect(['.', 'X', 'O']).toContain(mark);
      }
    }
  });

  it('writes oneOf with a discriminator and allOf inheritance as readme’s examples declare them', () => {
    for (const path of [
      'discriminators',
      'polymorphism',
      'schema-circular',
      'response-schemas',
      'schema-types',
      'schema-validation',
      'schema-additional-properties',
      'complex-nesting',
      'circular',
    ])
      expect(
        failuresOf(schemasOf(`@readme/oas-examples/3.0/json/${path}.json`), [1, 2, 3, 4, 5]),
        path,
      ).toEqual([]);
    for (const path of ['schema-types', 'schema-validation-local', 'train-travel'])
      expect(failuresOf(schemasOf(`@readme/oas-examples/3.1/json/${path}.json`), [1, 2, 3]), path).toEqual(
        [],
      );
  });

  it('writes every named schema of GitHub’s REST API document', () => {
    const schemas = schemasOf('@octokit/openapi/generated/api.github.com.json');
    expect(Object.keys(schemas).length).toBeGreaterThan(500);
    const started = performance.now();
    for (const name of Object.keys(schemas))
      generateValue(ref(name), { resolve: (n) => schemas[n], seed: 7, name });
    console.log(
      `GitHub: ${Object.keys(schemas).length} schemas generated in ${Math.round(performance.now() - started)} ms`,
    );
    expect(failuresOf(schemas, [1, 2]).slice(0, 10)).toEqual([]);
  }, 120_000);
});
