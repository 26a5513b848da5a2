import { describe, expect, it } from 'vitest';
import { documentUnderTest } from '../../../test/support/model/documentValidator.js';
import type { JsonSchema } from '../toJsonSchema.js';
import { type GenerateOptions, generateUniqueValue, generateValue } from './generate.js';

const SEEDS = 150;

/** Values of the schema under many seeds, each checked by Ajv; the values, for further looks. */
function generatedValid(
  schema: JsonSchema,
  others: Record<string, JsonSchema> = {},
  options: Partial<GenerateOptions> = {},
): unknown[] {
  const document = documentUnderTest({ ...others, __case: schema });
  const values: unknown[] = [];
  for (let seed = 1; seed <= SEEDS; seed++) {
    const value = generateValue(schema, { resolve: document.resolve, seed, ...options });
    const errors = document.errorsOf('__case', value);
    if (errors.length > 0) throw new Error(`seed ${seed}: ${JSON.stringify(value)}\n${errors.join('\n')}`);
    values.push(value);
  }
  return values;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
type Json = Record<string, unknown>;

describe('generated values validate against their schema', () => {
  it('writes every required property, and optional ones while shallow', () => {
    const values = generatedValid({
      type: 'object',
      required: ['id', 'name'],
      properties: { id: { type: 'integer' }, name: { type: 'string' }, note: { type: 'string' } },
    }) as Json[];
    expect(values.every((v) => 'id' in v && 'name' in v && 'note' in v)).toBe(true);
  });

  it('writes readOnly properties in answers and leaves writeOnly ones out; a request the reverse', () => {
    const schema = {
      type: 'object',
      properties: { id: { type: 'integer', readOnly: true }, password: { type: 'string', writeOnly: true } },
    };
    const [answer] = generatedValid(schema) as Json[];
    expect(Object.keys(answer)).toEqual(['id']);
    const [request] = generatedValid(schema, {}, { direction: 'request' }) as Json[];
    expect(Object.keys(request)).toEqual(['password']);
  });

  it('honours const, enum and type lists', () => {
    expect(new Set(generatedValid({ const: 'fixed' }))).toEqual(new Set(['fixed']));
    expect(new Set(generatedValid({ type: 'string', enum: ['a', 'b', 'c'] }))).toEqual(
      new Set(['a', 'b', 'c']),
    );
    expect(new Set(generatedValid({ type: 'integer', enum: [1, 'two', 3] }))).toEqual(new Set([1, 3]));
    expect(generatedValid({ type: ['string', 'null'] }).every((v) => typeof v === 'string')).toBe(true);
    generatedValid({ type: ['null'] });
    generatedValid({ type: 'boolean' });
  });

  it('merges allOf parts, references among them', () => {
    const values = generatedValid(
      {
        allOf: [
          ref('Base'),
          { type: 'object', required: ['extra'], properties: { extra: { type: 'string', minLength: 3 } } },
        ],
      },
      {
        Base: {
          type: 'object',
          required: ['id'],
          properties: { id: { type: 'integer', minimum: 5, maximum: 9 } },
        },
      },
    ) as Json[];
    expect(values.every((v) => 'id' in v && 'extra' in v)).toBe(true);
  });

  it('matches exactly one alternative of a oneOf, even when alternatives overlap', () => {
    const values = generatedValid({
      oneOf: [
        { type: 'object', required: ['a'], properties: { a: { type: 'string' } } },
        { type: 'object', required: ['b'], properties: { b: { type: 'string' } } },
        { type: 'integer', multipleOf: 3 },
        { type: 'integer', multipleOf: 5 },
      ],
    });
    expect(values.some((v) => typeof v === 'number')).toBe(true);
    expect(values.some((v) => typeof v === 'object')).toBe(true);
  });

  it('names the chosen alternative in the discriminator property, by its mapping name', () => {
    const others = {
      Cat: {
        type: 'object',
        required: ['petType', 'lives'],
        properties: { petType: { type: 'string' }, lives: { type: 'integer', minimum: 1, maximum: 9 } },
      },
      Dog: {
        type: 'object',
        required: ['petType', 'bark'],
        properties: { petType: { type: 'string' }, bark: { type: 'boolean' } },
      },
    };
    const values = generatedValid(
      {
        oneOf: [ref('Cat'), ref('Dog')],
        discriminator: { propertyName: 'petType', mapping: { kitty: '#/components/schemas/Cat' } },
      },
      others,
    ) as Json[];
    for (const value of values) expect(value.petType).toBe('lives' in value ? 'kitty' : 'Dog');
  });

  it('names a schema in its inherited discriminator property (allOf inheritance)', () => {
    const others = {
      Pet: {
        type: 'object',
        required: ['petType'],
        properties: { petType: { type: 'string' } },
        discriminator: { propertyName: 'petType' },
      },
      Cat: { allOf: [ref('Pet'), { type: 'object', properties: { lives: { type: 'integer' } } }] },
    };
    const values = generatedValid(ref('Cat'), others) as Json[];
    expect(values.every((v) => v.petType === 'Cat')).toBe(true);
  });

  it('answers a nullable reference with its schema, not null', () => {
    const others = {
      Owner: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
    };
    const values = generatedValid({ anyOf: [ref('Owner'), { type: 'null' }] }, others);
    expect(values.every((v) => v !== null)).toBe(true);
  });

  it('meets anyOf, not and if/then/else', () => {
    generatedValid({
      anyOf: [
        { type: 'string', format: 'email' },
        { type: 'integer', minimum: 10 },
      ],
    });
    const notNull = generatedValid({ type: ['string', 'null'], not: { type: 'string' } });
    expect(notNull.every((v) => v === null)).toBe(true);
    generatedValid({ type: 'integer', minimum: 1, maximum: 6, not: { enum: [1, 2, 3] } });
    generatedValid({
      type: 'object',
      required: ['kind', 'size'],
      properties: { kind: { enum: ['small', 'large'] }, size: { type: 'integer' } },
      if: { properties: { kind: { const: 'small' } } },
      // biome-ignore lint/suspicious/noThenProperty: JSON Schema's own keyword
      then: { properties: { size: { maximum: 10 } } },
      else: { properties: { size: { minimum: 100 } } },
    });
  });

  it('writes strings of each format', () => {
    const formats = [
      'date',
      'date-time',
      'time',
      'email',
      'uuid',
      'uri',
      'uri-reference',
      'hostname',
      'ipv4',
      'ipv6',
      'byte',
      'binary',
      'password',
      'duration',
      'json-pointer',
      'uri-template',
      'regex',
    ];
    for (const format of formats) generatedValid({ type: 'string', format });
  });

  it('keeps strings within minLength and maxLength, counted in code points', () => {
    const short = generatedValid(
      { type: 'string', minLength: 2, maxLength: 4 },
      {},
      { name: 'description' },
    ) as string[];
    expect(short.every((v) => [...v].length >= 2 && [...v].length <= 4)).toBe(true);
    generatedValid({ type: 'string', minLength: 40 }, {}, { name: 'email' });
    generatedValid({ type: 'string', format: 'uri', minLength: 60 });
    generatedValid({ type: 'string', pattern: '^[😀-😃]{2,3}$', maxLength: 3 });
  });

  it('spells a date-time longer for a minLength, and follows a realistic value with an unanchored pattern', () => {
    generatedValid({ type: 'string', format: 'date-time', minLength: 25 });
    generatedValid({ type: 'string', format: 'uri', pattern: '/v[0-1](\\.[0-9]+)*/?$' }, {}, { name: 'url' });
  });

  it('follows a reference into a named schema’s insides', () => {
    const others = {
      Request: {
        type: 'object',
        properties: { bias: { type: ['object', 'null'], additionalProperties: { type: 'integer' } } },
      },
    };
    const values = generatedValid({ $ref: '#/components/schemas/Request/properties/bias' }, others);
    expect(values.every((v) => typeof v === 'object')).toBe(true);
  });

  it('follows a reference to elsewhere in the document through the pointer resolver', () => {
    const elsewhere = {
      type: 'object',
      required: ['key'],
      properties: { key: { type: 'integer', minimum: 7, maximum: 7 } },
    };
    const schema = {
      type: 'array',
      items: { $ref: '#/paths/~1keys/get/responses/200/content/application~1json/schema' },
    };
    const resolvePointer = (ref: string) => (ref.startsWith('#/paths/~1keys/') ? elsewhere : undefined);
    for (let seed = 1; seed <= 20; seed++) {
      const value = generateValue(schema, { resolve: () => undefined, resolvePointer, seed }) as Json[];
      expect(value.every((item) => item.key === 7)).toBe(true);
    }
  });

  it('writes strings its pattern matches', () => {
    for (const pattern of [
      '^[A-Z]{3}-\\d{4}$',
      '^\\+[0-9]{6,15}$',
      '^(draft|live|archived)$',
      'abc',
      '^[a-z0-9._%+-]+@[a-z0-9.-]+\\.[a-z]{2,}$',
      '^\\p{Lu}\\w*$',
      '^[^\\s@]+$',
      '^(?:[0-9a-f]{2}:){5}[0-9a-f]{2}$',
    ])
      generatedValid({ type: 'string', pattern });
    generatedValid({ type: 'string', pattern: '^[a-z]+$', minLength: 20, maxLength: 25 });
    generatedValid({ type: 'string', format: 'date', pattern: '^2\\d{3}-' }, {}, { name: 'birthday' });
  });

  it('keeps numbers within inclusive and exclusive bounds, on multipleOf', () => {
    generatedValid({ type: 'integer', minimum: 3, maximum: 4 });
    generatedValid({ type: 'integer', exclusiveMinimum: 3, exclusiveMaximum: 5 });
    generatedValid({ type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 0.001 });
    generatedValid({ type: 'number', multipleOf: 0.01, minimum: 0.07, maximum: 0.09 });
    generatedValid({ type: 'integer', multipleOf: 7, minimum: 100, maximum: 120 });
    generatedValid({ type: 'number', multipleOf: 0.1 }, {}, { name: 'price' });
    generatedValid({ type: 'integer', format: 'int32', minimum: 2147483000 });
    generatedValid({ type: 'integer', minimum: -50, maximum: -40 }, {}, { name: 'age' });
    generatedValid({ type: 'number', maximum: -5000 });
  });

  it('writes arrays within minItems and maxItems, tuples, unique items and contains', () => {
    const lengths = (generatedValid({ type: 'array', items: { type: 'string' } }) as unknown[][]).map(
      (v) => v.length,
    );
    expect(new Set(lengths)).toEqual(new Set([2, 3]));
    generatedValid({ type: 'array', items: { type: 'integer' }, minItems: 5, maxItems: 6 });
    generatedValid({ type: 'array', items: { type: 'integer' }, maxItems: 1 });
    generatedValid({
      type: 'array',
      items: { type: 'integer', minimum: 1, maximum: 4 },
      minItems: 4,
      uniqueItems: true,
    });
    generatedValid({ type: 'array', items: { type: 'boolean' }, uniqueItems: true, minItems: 2 });
    generatedValid({
      type: 'array',
      prefixItems: [{ type: 'string', format: 'date' }, { type: 'integer' }],
      items: false,
    });
    generatedValid({ type: 'array', items: { type: 'integer' }, contains: { const: 42 }, minContains: 2 });
  });

  it('gives each record of a list its own id, even when the document shows one example id', () => {
    const values = generatedValid({
      type: 'array',
      minItems: 3,
      items: {
        type: 'object',
        required: ['id', 'ownerId', 'uuid'],
        properties: {
          id: { type: 'integer', example: 10 },
          ownerId: { type: 'string', example: 'u-1' },
          uuid: { type: 'string', format: 'uuid', example: 'a5f0c9a8-3b8f-4f57-b8a4-cbf9d7d0e1a2' },
        },
      },
    }) as Json[][];
    for (const list of values)
      for (const key of ['id', 'ownerId', 'uuid'])
        expect(new Set(list.map((r) => r[key])).size).toBe(list.length);
  });

  it('writes objects with additional and pattern properties, within min/maxProperties, dependents present', () => {
    const maps = generatedValid({ type: 'object', additionalProperties: { type: 'integer' } }) as Json[];
    expect(maps.every((m) => Object.keys(m).length >= 1)).toBe(true);
    generatedValid({
      type: 'object',
      patternProperties: { '^x-[a-z]+$': { type: 'string' } },
      additionalProperties: false,
      minProperties: 2,
    });
    generatedValid({
      type: 'object',
      properties: { a: { type: 'string' } },
      additionalProperties: false,
      minProperties: 1,
    });
    generatedValid({
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: 'string' }, c: { type: 'string' } },
      maxProperties: 1,
    });
    generatedValid({ type: 'object', minProperties: 3, propertyNames: { pattern: '^[a-z]{4}$' } });
    generatedValid({
      type: 'object',
      properties: { card: { type: 'string' }, billing: { type: 'string' } },
      required: ['card'],
      dependentRequired: { card: ['billing'] },
      maxProperties: 2,
    });
  });

  it('gives a new record an id no record of the list holds', () => {
    const resolve = () => undefined;
    const taken = [1, 2, 3, 4];
    for (let seed = 1; seed <= 50; seed++) {
      const id = generateUniqueValue({ type: 'integer', minimum: 1, maximum: 5, example: 1 }, taken, {
        resolve,
        seed,
      });
      expect(id).toBe(5);
    }
    const uuid = generateUniqueValue(
      { type: 'string', format: 'uuid' },
      ['a5f0c9a8-3b8f-4f57-b8a4-cbf9d7d0e1a2'],
      { resolve },
    );
    expect(uuid).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('honours the catalog’s auto-generation setting', () => {
    const uuids = generatedValid({ type: 'string', 'x-auto-generation': 'UUID' }) as string[];
    expect(
      uuids.every((v) => /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(v)),
    ).toBe(true);
    const numbers = generatedValid({ type: 'string', 'x-auto-generation': 'Random Number' }) as string[];
    expect(numbers.every((v) => /^\d+$/.test(v))).toBe(true);
    const strings = generatedValid({
      type: 'string',
      'x-auto-generation': 'Random String',
      maxLength: 8,
    }) as string[];
    expect(strings.every((v) => /^[A-Za-z0-9]{8}$/.test(v))).toBe(true);
    generatedValid({ type: 'integer', 'x-auto-generation': 'Random Number', maximum: 50 });
  });

  it('answers the document’s example or default when it validates, and generates over one that does not', () => {
    expect(new Set(generatedValid({ type: 'integer', example: 7 }))).toEqual(new Set([7]));
    expect(new Set(generatedValid({ type: 'integer', examples: [8], default: 1 }))).toEqual(new Set([8]));
    expect(new Set(generatedValid({ type: 'string', default: 'x' }))).toEqual(new Set(['x']));
    const wrong = generatedValid({ type: 'integer', minimum: 100, example: 7, default: 'none' });
    expect(wrong.includes(7)).toBe(false);
    generatedValid({
      type: 'object',
      required: ['id'],
      properties: { id: { type: 'integer' } },
      example: { name: 'no id' },
    });
  });

  it('gives the same value for the same seed, and different values without one', () => {
    const schema = {
      type: 'object',
      properties: {
        id: { type: 'string', format: 'uuid' },
        name: { type: 'string' },
        at: { type: 'string', format: 'date-time' },
      },
    };
    const resolve = () => undefined;
    expect(generateValue(schema, { resolve, seed: 42 })).toEqual(
      generateValue(schema, { resolve, seed: 42 }),
    );
    expect(generateValue(schema, { resolve, seed: 42 })).not.toEqual(
      generateValue(schema, { resolve, seed: 43 }),
    );
    expect(generateValue(schema, { resolve })).not.toEqual(generateValue(schema, { resolve }));
  });

  it('cuts a circular tree: optional recursion stops, required recursion ends at the smallest valid value', () => {
    const others = {
      Node: {
        type: 'object',
        required: ['name', 'children'],
        properties: {
          name: { type: 'string' },
          parent: ref('Node'),
          children: { type: 'array', items: ref('Node') },
        },
      },
      Strict: {
        type: 'object',
        required: ['next'],
        properties: { next: { anyOf: [ref('Strict'), { type: 'null' }] } },
      },
    };
    const trees = generatedValid(ref('Node'), others);
    expect(JSON.stringify(trees[0]).length).toBeLessThan(20_000);
    generatedValid(ref('Strict'), others);
  });

  it('stays small and quick when a document demands huge values', () => {
    const hostile = {
      type: 'object',
      minProperties: 1e9,
      properties: {
        text: { type: 'string', minLength: 1e9 },
        grid: {
          type: 'array',
          minItems: 1e9,
          items: { type: 'array', minItems: 1e9, items: { type: 'integer' } },
        },
        code: { type: 'string', pattern: '^(a{1000}){1000}$' },
      },
    };
    // a billion items, or a million characters of pattern, would not finish within the test's time
    const value = generateValue(hostile, { resolve: () => undefined, seed: 1 });
    expect(JSON.stringify(value).length).toBeLessThan(1_000_000);
  });

  it('stays quick on nested oneOf alternatives that can never be told apart', () => {
    const others: Record<string, JsonSchema> = {
      Leaf: { type: 'object', properties: { a: { type: 'string' } } },
    };
    for (let level = 1; level <= 8; level++)
      others[`L${level}`] = {
        oneOf: Array.from({ length: 12 }, () => ({
          type: 'object',
          properties: { next: ref(level === 1 ? 'Leaf' : `L${level - 1}`) },
        })),
      };
    // the work is counted in references followed: trying every alternative would follow 12^8
    let followed = 0;
    const value = generateValue(ref('L8'), {
      resolve: (name) => {
        followed++;
        return others[name];
      },
      seed: 1,
    });
    expect(value).toEqual(expect.any(Object));
    expect(followed).toBeLessThan(10_000);
  });

  it('stays small and quick on a schema that fans out without end', () => {
    const others: Record<string, JsonSchema> = {};
    for (let i = 0; i < 10; i++)
      others[`S${i}`] = {
        type: 'object',
        properties: Object.fromEntries(
          Array.from({ length: 10 }, (_, j) => [`p${j}`, { type: 'array', items: ref(`S${(i + j) % 10}`) }]),
        ),
      };
    let followed = 0;
    const value = generateValue(ref('S0'), {
      resolve: (name) => {
        followed++;
        return others[name];
      },
      seed: 1,
    });
    expect(followed).toBeLessThan(10_000);
    expect(JSON.stringify(value).length).toBeLessThan(200_000);
  });
});
