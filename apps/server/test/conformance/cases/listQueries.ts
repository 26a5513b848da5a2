// A stateful list honours the query parameters its operation declares that name a record field
// (`?status=sold`), and pages by the names APIs use (`limit`, `offset`, `page`, `per_page`, `pageSize`).

import type { ConformanceCase } from '../runConformance.js';

const pet = {
  type: 'object',
  required: ['name', 'status'],
  properties: {
    id: { type: 'integer', readOnly: true },
    name: { type: 'string' },
    status: { type: 'string', enum: ['available', 'sold'] },
    tags: { type: 'array', items: { type: 'string' } },
  },
};

const one = { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } };

/** Each case stores into a document of its own, so that no case sees another's records. */
function petsDocument(title: string) {
  return {
    openapi: '3.0.3',
    info: { title, version: '1.0' },
    paths: {
      '/pets': {
        get: {
          parameters: [
            { name: 'status', in: 'query', schema: { type: 'string' } },
            {
              name: 'tags',
              in: 'query',
              explode: false,
              schema: { type: 'array', items: { type: 'string' } },
            },
            { name: 'q', in: 'query', schema: { type: 'string' } },
            { name: 'per_page', in: 'query', schema: { type: 'integer' } },
          ],
          responses: {
            200: {
              description: 'pets',
              content: {
                'application/json': {
                  schema: { type: 'array', items: { $ref: '#/components/schemas/Pet' } },
                },
              },
            },
          },
        },
        post: {
          requestBody: { required: true, content: one },
          responses: { 201: { description: 'stored', content: one } },
        },
      },
    },
    components: { schemas: { Pet: pet } },
  };
}

const store = (name: string, status: string, tags: string[]) => ({
  method: 'POST',
  path: '/pets',
  body: { name, status, tags },
});
const three = [
  store('Rex', 'sold', ['dog']),
  store('Tom', 'available', ['cat']),
  store('Kit', 'sold', ['cat', 'young']),
];
const names = (expected: string[]) => (body: unknown) =>
  JSON.stringify((body as { name: string }[]).map((p) => p.name)) === JSON.stringify(expected);

export const cases: ConformanceCase[] = [
  {
    name: 'a declared query parameter naming a field filters the list',
    document: petsDocument('Filter'),
    before: three,
    request: { method: 'GET', path: '/pets?status=sold' },
    expect: { status: 200, headers: { 'x-total-count': '2' }, body: names(['Rex', 'Kit']) },
    prism: 'Prism keeps no records',
  },
  {
    name: 'a list field matches when it holds one of the asked values',
    document: petsDocument('Tags'),
    before: three,
    request: { method: 'GET', path: '/pets?tags=cat' },
    expect: { status: 200, body: names(['Tom', 'Kit']) },
    prism: 'Prism keeps no records',
  },
  {
    name: 'a declared parameter that names no field (a search) filters nothing',
    document: petsDocument('Search'),
    before: three,
    request: { method: 'GET', path: '/pets?q=anything' },
    expect: { status: 200, body: names(['Rex', 'Tom', 'Kit']) },
    prism: 'Prism keeps no records',
  },
  {
    name: 'filters and pages combine: per_page sizes the page, the total counts the filtered list',
    document: petsDocument('Filtered page'),
    before: three,
    request: { method: 'GET', path: '/pets?status=sold&per_page=1' },
    expect: {
      status: 200,
      headers: { 'x-total-count': '2', link: /status=sold&offset=1&limit=1>; rel="next"/ },
      body: names(['Rex']),
    },
    prism: 'Prism keeps no records',
  },
];
