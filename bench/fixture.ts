// The API every server in the benchmark mocks: a pet store with examples, so each peer answers fully.
export const fixtureDocument = {
  openapi: '3.0.3',
  info: { title: 'Bench Pets', version: '1.0.0' },
  paths: {
    '/pets': {
      get: {
        operationId: 'listPets',
        responses: {
          '200': {
            description: 'Pets',
            content: {
              'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Pet' } } },
            },
          },
        },
      },
      post: {
        operationId: 'createPet',
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/NewPet' } } },
        },
        responses: {
          '201': {
            description: 'Created',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } },
          },
        },
      },
    },
    '/pets/{petId}': {
      get: {
        operationId: 'getPet',
        parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '200': {
            description: 'A pet',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } },
          },
          '404': { description: 'Not found' },
        },
      },
    },
  },
  components: {
    schemas: {
      NewPet: {
        type: 'object',
        required: ['name'],
        properties: {
          name: { type: 'string', maxLength: 40, example: 'Rex' },
          tag: { type: 'string', enum: ['dog', 'cat'], example: 'dog' },
          age: { type: 'integer', minimum: 0, example: 3 },
        },
      },
      Pet: {
        allOf: [
          { $ref: '#/components/schemas/NewPet' },
          { type: 'object', required: ['id'], properties: { id: { type: 'string', example: 'p-1' } } },
        ],
      },
    },
  },
};

export const newPet = { name: 'Rex', tag: 'dog', age: 3 };

/** What each server is loaded with: reads of one stored pet and of the list, and valid writes. */
export const scenarios = [
  {
    name: 'GET by id',
    request: (t: { base: string; petId: string }) => ({
      url: `${t.base}/pets/${t.petId}`,
      method: 'GET' as const,
    }),
  },
  { name: 'GET list', request: (t: { base: string }) => ({ url: `${t.base}/pets`, method: 'GET' as const }) },
  {
    name: 'POST valid',
    request: (t: { base: string }) => ({
      url: `${t.base}/pets`,
      method: 'POST' as const,
      body: JSON.stringify(newPet),
      headers: { 'content-type': 'application/json' },
    }),
  },
];
