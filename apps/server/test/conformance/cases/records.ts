// Stored records are what clients sent: a POST keeps the body and adds only what the server owns
// (`readOnly` properties such as an id or a creation time); PUT replaces, PATCH merges.

import type { ConformanceCase } from '../runConformance.js';

const pet = {
  type: 'object',
  required: ['name'],
  properties: {
    id: { type: 'integer', format: 'int64', readOnly: true },
    createdAt: { type: 'string', format: 'date-time', readOnly: true },
    name: { type: 'string', example: 'Rex' },
    tag: { type: 'string', example: 'dog' },
    age: { type: 'integer', example: 3 },
  },
};

/** Each case stores into a document of its own, so that no case sees another's records. */
function petsDocument(title: string) {
  const one = { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } };
  return {
    openapi: '3.0.3',
    info: { title, version: '1.0' },
    paths: {
      '/pets': {
        get: {
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
      '/pets/{id}': {
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
        get: { responses: { 200: { description: 'a pet', content: one } } },
        put: { requestBody: { content: one }, responses: { 200: { description: 'replaced', content: one } } },
        patch: {
          requestBody: { content: one },
          responses: { 200: { description: 'changed', content: one } },
        },
      },
    },
    components: { schemas: { Pet: pet } },
  };
}

type Pet = Record<string, unknown>;
const keysOf = (body: unknown) => Object.keys(body as Pet).sort();
const stored = (body: unknown) => {
  const { id, createdAt } = body as Pet;
  return Number.isInteger(id) && typeof createdAt === 'string' && !Number.isNaN(Date.parse(createdAt));
};

const posted = petsDocument('A POST');
const listed = petsDocument('A list after a POST');

export const cases: ConformanceCase[] = [
  {
    name: 'a POST stores the body and what the server owns, and invents nothing the client left out',
    document: posted,
    request: { method: 'POST', path: '/pets', body: { name: 'Rex' } },
    expect: {
      status: 201,
      body: (body: unknown) =>
        stored(body) && (body as Pet).name === 'Rex' && keysOf(body).join() === 'createdAt,id,name',
    },
    prism: 'Prism stores nothing and answers the example or a generated Pet with every property',
  },
  {
    name: 'the stored record is listed as it was sent',
    document: listed,
    before: [{ method: 'POST', path: '/pets', body: { name: 'Rex', tag: 'dog' } }],
    request: { method: 'GET', path: '/pets' },
    expect: {
      status: 200,
      body: (body: unknown) =>
        Array.isArray(body) &&
        body.length === 1 &&
        stored(body[0]) &&
        keysOf(body[0]).join() === 'createdAt,id,name,tag',
    },
    prism: 'Prism keeps no records',
  },
];
