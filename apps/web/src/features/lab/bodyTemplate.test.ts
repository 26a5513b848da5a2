import type { EndpointDetail, RequestConfig, SchemaMaster } from '@sandbox/contracts';
import { describe, expect, it } from 'vitest';
import { bodyTemplate, valueExample } from './bodyTemplate';

const endpoint = (methodType: string, schemas: SchemaMaster[], requests: Partial<RequestConfig>[]) =>
  ({
    methodType,
    requestConfigList: requests.map((r) => ({ contentType: 'application/json', isRequired: true, ...r })),
    schemaMasterList: schemas,
  }) as unknown as EndpointDetail;

// POST /pet of the petstore as the server describes it to the Lab (its request schemas, as imported).
const PETSTORE: SchemaMaster[] = [
  {
    schemaName: 'Pet',
    schemaType: 'object',
    configProperties: [
      { jsonKey: 'id', jsonKeyType: 'integer', isMandatory: false, readOnly: true, example: 25 },
      {
        jsonKey: 'category',
        jsonKeyType: 'object',
        isMandatory: false,
        refProperties: '#/components/schemas/Category',
      },
      { jsonKey: 'name', jsonKeyType: 'string', isMandatory: true, example: 'doggie' },
      { jsonKey: 'photoUrls', jsonKeyType: 'array', isMandatory: true, itemsType: 'string' },
      {
        jsonKey: 'tags',
        jsonKeyType: 'array',
        isMandatory: false,
        itemsType: 'object',
        refProperties: '#/components/schemas/Tag',
      },
      { jsonKey: 'status', jsonKeyType: 'string', isMandatory: false, enumValues: ['available', 'pending'] },
    ],
  },
  {
    schemaName: 'Category',
    schemaType: 'object',
    configProperties: [
      { jsonKey: 'id', jsonKeyType: 'integer', isMandatory: false, format: 'int64' },
      { jsonKey: 'name', jsonKeyType: 'string', isMandatory: false },
    ],
  },
  {
    schemaName: 'Tag',
    schemaType: 'object',
    configProperties: [
      { jsonKey: 'id', jsonKeyType: 'integer', isMandatory: false },
      { jsonKey: 'name', jsonKeyType: 'string', isMandatory: false },
    ],
  },
];

describe('the Lab’s body template', () => {
  it('keeps the schema’s keys and fills them with example values of their types', () => {
    const pet = endpoint('POST', PETSTORE, [
      { contentType: 'application/xml', schemaName: 'Pet' },
      { contentType: 'application/json', schemaName: 'Pet' },
    ]);
    expect(JSON.parse(bodyTemplate(pet))).toEqual({
      category: { id: 1, name: 'string' },
      name: 'doggie',
      photoUrls: ['string'],
      tags: [{ id: 1, name: 'string' }],
      status: 'available',
    });
    expect(bodyTemplate(pet)).toContain('\n  "name": "doggie"');
  });

  it('starts only a POST, PUT or PATCH with a body', () => {
    const schemas: SchemaMaster[] = [
      {
        schemaName: 'Note',
        schemaType: 'object',
        configProperties: [{ jsonKey: 'text', jsonKeyType: 'string', isMandatory: true }],
      },
    ];
    for (const method of ['POST', 'PUT', 'PATCH'])
      expect(bodyTemplate(endpoint(method, schemas, [{ schemaName: 'Note' }]))).not.toBe('');
    for (const method of ['GET', 'DELETE', 'HEAD'])
      expect(bodyTemplate(endpoint(method, schemas, [{ schemaName: 'Note' }]))).toBe('');
    expect(bodyTemplate(endpoint('POST', schemas, []))).toBe('');
  });

  it('fills nested objects, arrays of a named schema and a top-level array', () => {
    const schemas: SchemaMaster[] = [
      {
        schemaName: 'Orders',
        schemaType: 'array',
        itemsRef: '#/components/schemas/Order',
        configProperties: [],
      },
      {
        schemaName: 'Order',
        schemaType: 'object',
        configProperties: [
          {
            jsonKey: 'shipTo',
            jsonKeyType: 'object',
            isMandatory: true,
            configProperties: [
              { jsonKey: 'zip', jsonKeyType: 'string', isMandatory: true, pattern: '^[0-9]+$' },
            ],
          },
          { jsonKey: 'paid', jsonKeyType: 'boolean', isMandatory: false },
          { jsonKey: 'ref', jsonKeyType: 'string', isMandatory: false, autoGenerationType: 'UUID' },
        ],
      },
    ];
    expect(JSON.parse(bodyTemplate(endpoint('PUT', schemas, [{ schemaName: 'Orders' }])))).toEqual([
      { shipTo: { zip: '123' }, paid: true, ref: '3fa85f64-5717-4562-b3fc-2c963f66afa6' },
    ]);
  });

  it('takes the document’s example of the whole body when it gives one', () => {
    const schemas: SchemaMaster[] = [
      {
        schemaName: 'Login',
        schemaType: 'object',
        example: { user: 'ada', password: 'secret' },
        configProperties: [{ jsonKey: 'user', jsonKeyType: 'string', isMandatory: true }],
      },
    ];
    expect(JSON.parse(bodyTemplate(endpoint('POST', schemas, [{ schemaName: 'Login' }])))).toEqual({
      user: 'ada',
      password: 'secret',
    });
  });

  it('stops at a schema that contains itself', () => {
    const schemas: SchemaMaster[] = [
      {
        schemaName: 'Node',
        schemaType: 'object',
        configProperties: [
          { jsonKey: 'label', jsonKeyType: 'string', isMandatory: true },
          {
            jsonKey: 'children',
            jsonKeyType: 'array',
            isMandatory: false,
            refProperties: '#/components/schemas/Node',
          },
        ],
      },
    ];
    const template = JSON.parse(bodyTemplate(endpoint('POST', schemas, [{ schemaName: 'Node' }])));
    expect(template.label).toBe('string');
    expect(JSON.stringify(template).length).toBeLessThan(400);
  });
});

describe('an example value', () => {
  it('prefers the example, then the default, then the first allowed value', () => {
    expect(valueExample({ example: 'x', defaultValue: 'y', enumValues: ['z'] }, 'string')).toBe('x');
    expect(valueExample({ defaultValue: '40', enumValues: [3] }, 'integer')).toBe(40);
    expect(valueExample({ defaultValue: 'false' }, 'boolean')).toBe(false);
    expect(valueExample({ enumValues: ['sold'] }, 'string')).toBe('sold');
  });

  it('keeps a number within its bounds and a string within its format and length', () => {
    expect(valueExample({ minimum: 5.5 }, 'integer')).toBe(6);
    expect(valueExample({ maximum: -3 }, 'number')).toBe(-3);
    expect(valueExample({}, 'integer')).toBe(1);
    expect(valueExample({ format: 'email' }, 'string')).toBe('user@example.com');
    expect(valueExample({ format: 'date-time' }, 'string')).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(valueExample({ minLength: 10 }, 'string')).toHaveLength(10);
    expect(valueExample({ maxLength: 3 }, 'string')).toBe('str');
    expect(valueExample({ pattern: '^[A-Z]{3}-[0-9]{3}$' }, 'string')).toBe('ABC-123');
    expect(valueExample({}, 'boolean')).toBe(true);
  });
});
