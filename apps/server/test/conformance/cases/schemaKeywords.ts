// Request bodies are validated against the document's schemas as JSON Schema defines them (by Ajv):
// every keyword the document writes is honoured, OpenAPI 3.0's spellings read as 3.0 means them.

import type { ConformanceCase } from '../runConformance.js';

const ok = { 201: { description: 'stored' } };
const takes = (schema: object) => ({
  post: { requestBody: { required: true, content: { 'application/json': { schema } } }, responses: ok },
});

const document = {
  openapi: '3.0.3',
  info: { title: 'Keywords', version: '1.0' },
  paths: {
    '/pets': takes({ $ref: '#/components/schemas/Pet' }),
    '/owners': takes({
      type: 'object',
      properties: { pet: { $ref: '#/components/schemas/MaybePet' } },
    }),
    '/strict': takes({
      type: 'object',
      additionalProperties: false,
      properties: { name: { type: 'string' } },
    }),
    '/numbers': takes({
      type: 'object',
      properties: {
        above: { type: 'number', minimum: 0, exclusiveMinimum: true },
        step: { type: 'integer', multipleOf: 5 },
      },
    }),
    '/lists': takes({
      type: 'array',
      minItems: 1,
      maxItems: 3,
      uniqueItems: true,
      items: { type: 'string' },
    }),
    '/pairs': takes({ type: 'array', items: [{ type: 'string' }, { type: 'integer' }] }),
    '/not': takes({ type: 'string', not: { enum: ['root'] } }),
    '/tree': takes({ $ref: '#/components/schemas/Node' }),
    '/forms': {
      post: {
        requestBody: {
          required: true,
          content: {
            'application/x-www-form-urlencoded': { schema: { $ref: '#/components/schemas/Login' } },
            'multipart/form-data': { schema: { $ref: '#/components/schemas/Login' } },
          },
        },
        responses: ok,
      },
    },
  },
  components: {
    schemas: {
      Pet: {
        type: 'object',
        required: ['kind'],
        properties: { name: { type: 'string', maxLength: 10 } },
        oneOf: [{ $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Dog' }],
        discriminator: { propertyName: 'kind' },
      },
      Cat: {
        type: 'object',
        required: ['kind', 'lives'],
        properties: { kind: { type: 'string', enum: ['cat'] }, lives: { type: 'integer' } },
      },
      Dog: {
        type: 'object',
        required: ['kind', 'bark'],
        properties: { kind: { type: 'string', enum: ['dog'] }, bark: { type: 'boolean' } },
      },
      MaybePet: { type: 'object', nullable: true, properties: { name: { type: 'string' } } },
      Node: {
        type: 'object',
        required: ['value'],
        properties: {
          value: { type: 'integer' },
          child: { $ref: '#/components/schemas/Node' },
        },
      },
      Login: {
        type: 'object',
        required: ['user', 'age'],
        properties: { user: { type: 'string' }, age: { type: 'integer', minimum: 18 } },
      },
    },
  },
};

const post = (path: string, body: unknown, headers?: Record<string, string>) => ({
  method: 'POST',
  path,
  body,
  headers,
});
const stored = { status: 201 };
const refusedAt = (location: string, message?: string) => ({
  status: 400,
  body: (body: unknown) => {
    const { errors } = body as { errors: { location: string; message: string }[] };
    return errors.some((e) => e.location === location && (message === undefined || e.message === message));
  },
});

/** `{ value: 1, child: { value: 1, child: … } }`, `depth` levels, the innermost value `leaf`. */
function nested(depth: number, leaf: unknown): unknown {
  let node: unknown = { value: leaf };
  for (let i = 1; i < depth; i++) node = { value: i, child: node };
  return node;
}

const form = (fields: string) => ({
  method: 'POST',
  path: '/forms',
  body: fields,
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

const boundary = 'conformance-boundary';
const multipart = (fields: Record<string, string>) => ({
  method: 'POST',
  path: '/forms',
  headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  body: `${Object.entries(fields)
    .map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    )
    .join('')}--${boundary}--\r\n`,
});

export const cases: ConformanceCase[] = [
  {
    name: 'oneOf: a cat matches exactly one alternative',
    document,
    request: post('/pets', { kind: 'cat', lives: 9 }),
    expect: stored,
  },
  {
    name: 'oneOf: a body matching no alternative is refused',
    document,
    request: post('/pets', { kind: 'cow' }),
    expect: refusedAt('body', 'must match one of Cat, Dog'),
  },
  {
    name: 'properties beside oneOf are checked too',
    document,
    request: post('/pets', { kind: 'dog', bark: true, name: 'a name far too long' }),
    expect: refusedAt('body.name', 'must have at most 10 characters'),
  },
  {
    name: 'a reference to a nullable schema accepts null',
    document,
    request: post('/owners', { pet: null }),
    expect: stored,
  },
  {
    name: 'additionalProperties: false refuses an unknown member',
    document,
    request: post('/strict', { name: 'a', extra: 1 }),
    expect: refusedAt('body.extra', 'is not allowed'),
  },
  {
    name: "3.0's exclusiveMinimum: true refuses the bound itself",
    document,
    request: post('/numbers', { above: 0 }),
    expect: refusedAt('body.above', 'must be more than 0'),
  },
  {
    name: 'multipleOf refuses 7 for a step of 5',
    document,
    request: post('/numbers', { step: 7 }),
    expect: refusedAt('body.step', 'must be a multiple of 5'),
  },
  {
    name: 'minItems refuses an empty list',
    document,
    request: post('/lists', []),
    expect: refusedAt('body', 'must have at least 1 items'),
  },
  {
    name: 'maxItems refuses four items',
    document,
    request: post('/lists', ['a', 'b', 'c', 'd']),
    expect: refusedAt('body', 'must have at most 3 items'),
  },
  {
    name: 'uniqueItems refuses a repeated item',
    document,
    request: post('/lists', ['a', 'a']),
    expect: refusedAt('body'),
  },
  {
    name: 'tuple items: each place has its own schema',
    document,
    request: post('/pairs', ['a', 1]),
    expect: stored,
  },
  {
    name: 'tuple items: a wrong second item is named',
    document,
    request: post('/pairs', ['a', 'b']),
    expect: refusedAt('body[1]'),
  },
  {
    name: 'not: the excluded value is refused',
    document,
    request: post('/not', 'root'),
    expect: refusedAt('body'),
  },
  {
    name: 'a value 100 levels deep is still checked',
    document,
    request: post('/tree', nested(100, 'x')),
    expect: { status: 400 },
  },
  {
    name: 'a valid value 100 levels deep passes',
    document,
    request: post('/tree', nested(100, 1)),
    expect: stored,
  },
  {
    name: 'a body nested past 256 levels is refused, not let through',
    document,
    request: post('/tree', nested(300, 1)),
    expect: refusedAt('body'),
  },
  { name: 'a form body is read and coerced', document, request: form('user=ada&age=36'), expect: stored },
  {
    name: "a form body's field is checked",
    document,
    request: form('user=ada&age=12'),
    expect: refusedAt('body.age', 'must be at least 18'),
  },
  {
    name: 'a form body missing a field is named',
    document,
    request: form('age=36'),
    expect: refusedAt('body.user', 'is required'),
  },
  {
    name: 'a multipart body is read and coerced',
    document,
    request: multipart({ user: 'ada', age: '36' }),
    expect: stored,
  },
  {
    name: "a multipart body's field is checked",
    document,
    request: multipart({ user: 'ada', age: 'old' }),
    expect: refusedAt('body.age'),
  },
  {
    name: 'a body of an undeclared media type answers 415',
    document,
    request: post('/forms', '<login/>', { 'content-type': 'application/xml' }),
    expect: { status: 415 },
  },
];

const external = {
  openapi: '3.0.3',
  info: { title: 'External', version: '1.0' },
  paths: {
    '/orders': takes({
      type: 'object',
      required: ['count'],
      properties: {
        count: { type: 'integer' },
        customer: { $ref: 'https://example.com/schemas/customer.json' },
      },
    }),
  },
};

cases.push(
  {
    name: 'an external reference accepts anything, and the rest of the body is still checked',
    document: external,
    request: post('/orders', { count: 'two', customer: { any: 'thing' } }),
    expect: refusedAt('body.count'),
  },
  {
    name: 'a body beside an external reference passes when the rest is right',
    document: external,
    request: post('/orders', { count: 2, customer: 'anything at all' }),
    expect: stored,
  },
);

// Two alternatives any pet matches: JSON Schema's oneOf refuses every pet, the discriminator decides.
const overlapping = {
  openapi: '3.0.3',
  info: { title: 'Discriminated', version: '1.0' },
  paths: { '/pets': takes({ $ref: '#/components/schemas/Pet' }) },
  components: {
    schemas: {
      Pet: {
        oneOf: [{ $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Dog' }],
        discriminator: { propertyName: 'petType', mapping: { cat: '#/components/schemas/Cat' } },
      },
      Cat: {
        type: 'object',
        required: ['petType'],
        properties: { petType: { type: 'string' }, name: { type: 'string' }, lives: { type: 'integer' } },
      },
      Dog: {
        type: 'object',
        required: ['petType'],
        properties: { petType: { type: 'string' }, name: { type: 'string' }, bark: { type: 'boolean' } },
      },
    },
  },
};

cases.push(
  {
    name: 'discriminator: the mapping’s tag picks the alternative, though both would match',
    document: overlapping,
    request: post('/pets', { petType: 'cat', name: 'Tom' }),
    expect: stored,
  },
  {
    name: 'discriminator: a schema’s own name is its tag without a mapping entry',
    document: overlapping,
    request: post('/pets', { petType: 'Dog', bark: true }),
    expect: stored,
  },
  {
    name: 'discriminator: the picked alternative still checks its members',
    document: overlapping,
    request: post('/pets', { petType: 'cat', lives: 'nine' }),
    expect: refusedAt('body.lives'),
  },
);
