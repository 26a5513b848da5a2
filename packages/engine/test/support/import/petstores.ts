// Petstore-like documents in each dialect the importer reads, built fresh for every test.

export function swagger2Petstore(): Record<string, unknown> {
  return {
    swagger: '2.0',
    info: { title: 'Swagger Petstore', version: '1.0.0', description: 'Pets, the Swagger 2.0 way' },
    host: 'petstore.example.com',
    basePath: '/v1',
    consumes: ['application/json'],
    produces: ['application/json'],
    paths: {
      '/pets': {
        get: {
          tags: ['pets'],
          summary: 'List all pets',
          operationId: 'listPets',
          parameters: [
            { name: 'limit', in: 'query', type: 'integer', format: 'int32', maximum: 100, default: 20 },
            { $ref: '#/parameters/TraceId' },
          ],
          responses: {
            '200': {
              description: 'A page of pets',
              schema: { type: 'array', items: { $ref: '#/definitions/Pet' } },
              examples: { 'application/json': [{ id: 1, name: 'Rex' }] },
            },
            default: { $ref: '#/responses/Problem' },
          },
        },
        post: {
          tags: ['pets'],
          operationId: 'createPet',
          parameters: [{ name: 'pet', in: 'body', required: true, schema: { $ref: '#/definitions/NewPet' } }],
          responses: { '201': { description: 'Created', schema: { $ref: '#/definitions/Pet' } } },
        },
      },
      '/pets/{petId}': {
        parameters: [{ name: 'petId', in: 'path', required: true, type: 'string', pattern: '^[0-9]+$' }],
        get: {
          tags: ['pets'],
          operationId: 'showPetById',
          responses: {
            '200': { description: 'The pet', schema: { $ref: '#/definitions/Pet' } },
            '404': { description: 'No such pet' },
          },
        },
        delete: { tags: ['pets'], responses: { '204': { description: 'Deleted' } } },
        options: { responses: { '200': { description: 'Allowed methods' } } },
      },
      '/pets/{petId}/photo': {
        post: {
          tags: ['photos'],
          operationId: 'uploadPhoto',
          consumes: ['multipart/form-data'],
          parameters: [
            { name: 'petId', in: 'path', required: true, type: 'string' },
            { name: 'caption', in: 'formData', type: 'string', maxLength: 140 },
            { name: 'file', in: 'formData', type: 'file', required: true },
          ],
          responses: { '200': { description: 'Stored' } },
        },
      },
    },
    parameters: {
      TraceId: {
        name: 'X-Trace-Id',
        in: 'header',
        type: 'string',
        format: 'uuid',
        description: 'Correlation id',
      },
    },
    responses: { Problem: { description: 'Unexpected error', schema: { $ref: '#/definitions/Error' } } },
    definitions: {
      NewPet: {
        type: 'object',
        required: ['name'],
        properties: {
          name: { type: 'string', minLength: 1, maxLength: 50, example: 'Rex' },
          tag: { type: 'string', 'x-nullable': true },
        },
      },
      Pet: {
        allOf: [
          { $ref: '#/definitions/NewPet' },
          { type: 'object', required: ['id'], properties: { id: { type: 'integer', format: 'int64' } } },
        ],
      },
      Error: {
        type: 'object',
        required: ['code', 'message'],
        properties: { code: { type: 'integer', format: 'int32' }, message: { type: 'string' } },
      },
    },
  };
}

export const openApi30PetstoreYaml = `openapi: 3.0.3
info:
  title: Petstore
  version: 2.1.0
  description: Pets, the OpenAPI 3.0 way
paths:
  /pets:
    parameters:
      - $ref: '#/components/parameters/Limit'
    get:
      tags: [pets, reading]
      summary: List all pets
      operationId: listPets
      parameters:
        - name: status
          in: query
          schema: { $ref: '#/components/schemas/Status' }
        - name: limit
          in: query
          description: Page size, overridden here
          schema: { type: integer, minimum: 1, maximum: 50, default: 10 }
        - name: session
          in: cookie
          schema: { type: string }
        - name: Accept
          in: header
          schema: { type: string }
      responses:
        '200':
          description: A page of pets
          content:
            application/xml:
              schema: { type: string }
            application/json:
              schema:
                type: array
                items: { $ref: '#/components/schemas/Pet' }
              examples:
                two:
                  value: [{ id: 1, name: Rex }, { id: 2, name: Tom }]
        default:
          $ref: '#/components/responses/Problem'
    post:
      tags: [pets]
      operationId: createPet
      requestBody:
        $ref: '#/components/requestBodies/NewPet'
      responses:
        '201':
          description: Created
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Pet' }
  /pets/{petId}:
    get:
      tags: [pets]
      parameters:
        - name: petId
          in: path
          required: true
          schema: { type: string, format: uuid }
        - name: X-Request-Id
          in: header
          required: true
          schema: { type: string }
          example: abc-123
      responses:
        '200':
          description: The pet
          content:
            application/json:
              schema:
                type: object
                properties:
                  pet: { $ref: '#/components/schemas/Pet' }
                  owner:
                    type: object
                    properties:
                      name: { type: string }
    put:
      operationId: updatePet
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [name]
              properties:
                name: { type: string }
                status: { $ref: '#/components/schemas/Status' }
      responses:
        '200': { description: Updated }
    head:
      responses:
        '200': { description: Exists }
components:
  parameters:
    Limit:
      name: limit
      in: query
      schema: { type: integer }
  requestBodies:
    NewPet:
      required: true
      content:
        application/json:
          schema: { $ref: '#/components/schemas/NewPet' }
  responses:
    Problem:
      description: Unexpected error
      content:
        application/json:
          schema: { $ref: '#/components/schemas/Error' }
  schemas:
    Status:
      type: string
      enum: [available, pending, sold]
      default: available
    NewPet:
      type: object
      required: [name]
      properties:
        name: { type: string, maxLength: 50 }
        status: { $ref: '#/components/schemas/Status' }
        tag: { type: string, nullable: true }
    Pet:
      allOf:
        - $ref: '#/components/schemas/NewPet'
        - type: object
          required: [id]
          properties:
            id: { type: integer, format: int64, example: 7 }
    Error:
      type: object
      required: [code, message]
      properties:
        code: { type: integer }
        message: { type: string }
`;

export function openApi31Petstore(): Record<string, unknown> {
  return {
    openapi: '3.1.0',
    info: { title: 'Petstore 3.1', version: '3.0.0' },
    paths: {
      '/pets': {
        get: {
          operationId: 'listPets',
          parameters: [{ name: 'tags', in: 'query', schema: { type: 'array', items: { type: 'string' } } }],
          responses: {
            '200': {
              description: 'Pets',
              content: {
                'application/json': {
                  schema: { type: 'array', items: { $ref: '#/components/schemas/Pet' } },
                },
              },
            },
          },
        },
      },
      '/pets/{petId}': { $ref: '#/components/pathItems/OnePet' },
    },
    components: {
      pathItems: {
        OnePet: {
          parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'integer' } }],
          get: {
            tags: ['pets'],
            responses: {
              '200': {
                description: 'The pet',
                content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } },
              },
            },
          },
        },
      },
      schemas: {
        Pet: {
          type: 'object',
          required: ['id', 'name'],
          properties: {
            id: { type: 'integer', examples: [42] },
            name: { type: ['string', 'null'], minLength: 1 },
            birthday: { type: 'string', format: 'date' },
            weight: { type: 'number', minimum: 0, maximum: 200.5, default: 3.5 },
            owner: { anyOf: [{ $ref: '#/components/schemas/Owner' }, { type: 'null' }] },
            kind: { const: 'pet' },
          },
        },
        Owner: { type: 'object', properties: { name: { type: 'string' } } },
      },
    },
  };
}
