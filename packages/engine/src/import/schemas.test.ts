import { describe, expect, it } from 'vitest';
import {
  documentWithSchemas,
  importJson,
  propertyOf,
  schemaNamed,
} from '../../test/support/import/importHelpers.js';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

describe('named schemas', () => {
  it('keeps a referenced component named instead of copying it into the property', () => {
    const api = importJson(
      documentWithSchemas({
        Order: {
          type: 'object',
          properties: {
            customer: ref('Customer'),
            lines: { type: 'array', items: ref('Line') },
            status: ref('Status'),
          },
        },
        Customer: { type: 'object', properties: { name: { type: 'string' } } },
        Line: { type: 'object', properties: { sku: { type: 'string' } } },
        Status: { type: 'string', enum: ['open', 'paid'], default: 'open' },
      }),
    );
    const order = schemaNamed(api, 'Order');
    expect(propertyOf(order, 'customer')).toEqual({
      jsonKey: 'customer',
      jsonKeyType: 'object',
      isMandatory: false,
      refProperties: '#/components/schemas/Customer',
    });
    expect(propertyOf(order, 'lines')).toEqual({
      jsonKey: 'lines',
      jsonKeyType: 'array',
      isMandatory: false,
      itemsType: 'object',
      refProperties: '#/components/schemas/Line',
    });
    expect(propertyOf(order, 'status')).toMatchObject({
      jsonKeyType: 'string',
      refProperties: '#/components/schemas/Status',
    });
    expect(schemaNamed(api, 'Status')).toMatchObject({
      schemaType: 'string',
      enumValues: ['open', 'paid'],
      defaultValue: 'open',
    });
  });

  it('reads circular schemas without looping: a tree, and A → B → A', () => {
    const api = importJson(
      documentWithSchemas(
        {
          Node: {
            type: 'object',
            properties: { value: { type: 'string' }, children: { type: 'array', items: ref('Node') } },
          },
          A: { type: 'object', properties: { b: ref('B') } },
          B: { type: 'object', properties: { a: ref('A') } },
          Loop: { allOf: [ref('Loop2')] },
          Loop2: { allOf: [ref('Loop'), { properties: { x: { type: 'integer' } } }] },
        },
        ref('Node'),
      ),
    );
    expect(propertyOf(schemaNamed(api, 'Node'), 'children')).toMatchObject({
      refProperties: '#/components/schemas/Node',
    });
    expect(propertyOf(schemaNamed(api, 'A'), 'b').refProperties).toBe('#/components/schemas/B');
    expect(propertyOf(schemaNamed(api, 'B'), 'a').refProperties).toBe('#/components/schemas/A');
    expect(schemaNamed(api, 'Loop').configProperties.map((property) => property.jsonKey)).toEqual(['x']);
    expect(api.endpoints[0]?.responseConfigList[0]?.responseSchemaName).toBe('Node');
  });

  it('merges the properties and required lists of every allOf part, references included', () => {
    const api = importJson(
      documentWithSchemas({
        Base: { type: 'object', required: ['id'], properties: { id: { type: 'string', format: 'uuid' } } },
        Dated: {
          allOf: [
            ref('Base'),
            { required: ['at'], properties: { at: { type: 'string', format: 'date-time' } } },
          ],
        },
        Event: {
          allOf: [
            ref('Dated'),
            { type: 'object', required: ['kind'], properties: { kind: { type: 'string' } } },
          ],
          description: 'Something that happened',
        },
      }),
    );
    const event = schemaNamed(api, 'Event');
    expect(event).toMatchObject({ schemaType: 'object', description: 'Something that happened' });
    expect(event.configProperties).toEqual([
      { jsonKey: 'id', jsonKeyType: 'string', isMandatory: true, format: 'uuid' },
      { jsonKey: 'at', jsonKeyType: 'string', isMandatory: true, format: 'date-time' },
      { jsonKey: 'kind', jsonKeyType: 'string', isMandatory: true },
    ]);
  });

  it('keeps oneOf and anyOf as a composition, naming inline alternatives', () => {
    const api = importJson(
      documentWithSchemas({
        Cat: { type: 'object', properties: { meows: { type: 'boolean' } } },
        Dog: { type: 'object', properties: { barks: { type: 'boolean' } } },
        Pet: {
          oneOf: [ref('Cat'), ref('Dog'), { type: 'object', properties: { hisses: { type: 'boolean' } } }],
        },
        Owner: {
          type: 'object',
          properties: {
            pet: { anyOf: [ref('Cat'), ref('Dog')] },
            maybeCat: { oneOf: [ref('Cat'), { type: 'null' }] },
          },
        },
      }),
    );
    expect(schemaNamed(api, 'Pet').composition).toEqual({
      kind: 'oneOf',
      schemaNames: ['Cat', 'Dog', 'PetOption3'],
    });
    expect(schemaNamed(api, 'PetOption3').configProperties).toEqual([
      { jsonKey: 'hisses', jsonKeyType: 'boolean', isMandatory: false },
    ]);
    const owner = schemaNamed(api, 'Owner');
    expect(propertyOf(owner, 'pet')).toMatchObject({
      jsonKeyType: 'object',
      refProperties: '#/components/schemas/OwnerPet',
    });
    expect(schemaNamed(api, 'OwnerPet').composition).toEqual({ kind: 'anyOf', schemaNames: ['Cat', 'Dog'] });
    // "X or null" is a nullable reference, not a composition
    expect(propertyOf(owner, 'maybeCat')).toMatchObject({
      refProperties: '#/components/schemas/Cat',
      nullable: true,
    });
  });

  it('keeps which properties only answers carry and which only requests carry', () => {
    const api = importJson(
      documentWithSchemas({
        Account: {
          type: 'object',
          required: ['id', 'email', 'password'],
          properties: {
            id: { type: 'string', readOnly: true },
            email: { type: 'string' },
            password: { type: 'string', writeOnly: true },
            owner: { ...ref('Owner'), readOnly: true },
          },
        },
        Owner: { type: 'object', properties: { name: { type: 'string' } } },
      }),
    );
    const account = schemaNamed(api, 'Account');
    expect(propertyOf(account, 'id')).toMatchObject({ isMandatory: true, readOnly: true });
    expect(propertyOf(account, 'password')).toMatchObject({ isMandatory: true, writeOnly: true });
    expect(propertyOf(account, 'owner')).toMatchObject({ readOnly: true });
    expect(propertyOf(account, 'email')).toEqual({
      jsonKey: 'email',
      jsonKeyType: 'string',
      isMandatory: true,
    });
  });

  it('keeps examples, defaults, enums, formats and bounds', () => {
    const api = importJson(
      documentWithSchemas({
        Item: {
          type: 'object',
          required: ['code'],
          example: { code: 'AB12' },
          properties: {
            code: {
              type: 'string',
              pattern: '^[A-Z]{2}[0-9]{2}$',
              minLength: 4,
              maxLength: 4,
              description: 'Stock code',
            },
            size: { type: 'string', enum: ['S', 'M', 'L'], default: 'M' },
            price: { type: 'number', format: 'double', minimum: 0, maximum: 999.99, example: 9.5 },
            inStock: { type: 'boolean', default: true },
            dimensions: { type: 'object', default: { width: 1 }, properties: { width: { type: 'integer' } } },
            labels: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 3, example: ['new'] },
          },
        },
      }),
    );
    const item = schemaNamed(api, 'Item');
    expect(item.example).toEqual({ code: 'AB12' });
    expect(item.configProperties).toEqual([
      {
        jsonKey: 'code',
        jsonKeyType: 'string',
        isMandatory: true,
        description: 'Stock code',
        pattern: '^[A-Z]{2}[0-9]{2}$',
        minLength: 4,
        maxLength: 4,
      },
      {
        jsonKey: 'size',
        jsonKeyType: 'string',
        isMandatory: false,
        enumValues: ['S', 'M', 'L'],
        defaultValue: 'M',
      },
      {
        jsonKey: 'price',
        jsonKeyType: 'number',
        isMandatory: false,
        format: 'double',
        minimum: 0,
        maximum: 999.99,
        example: 9.5,
      },
      { jsonKey: 'inStock', jsonKeyType: 'boolean', isMandatory: false, defaultValue: 'true' },
      {
        jsonKey: 'dimensions',
        jsonKeyType: 'object',
        isMandatory: false,
        defaultValue: '{"width":1}',
        configProperties: [{ jsonKey: 'width', jsonKeyType: 'integer', isMandatory: false }],
      },
      {
        jsonKey: 'labels',
        jsonKeyType: 'array',
        isMandatory: false,
        itemsType: 'string',
        minLength: 1,
        maxLength: 3,
        example: ['new'],
      },
    ]);
  });

  it('names inline bodies after the operation, or after its method and path without an operationId', () => {
    const document = documentWithSchemas({}, { type: 'object', properties: { n: { type: 'integer' } } });
    const paths = document.paths as Record<string, Record<string, unknown>>;
    paths['/things/{thingId}'] = {
      post: {
        requestBody: {
          content: { 'application/json': { schema: { type: 'array', items: { type: 'object' } } } },
        },
        responses: {
          default: { description: 'ok', content: { 'application/json': { schema: { type: 'integer' } } } },
        },
      },
    };
    const api = importJson(document);
    expect(api.endpoints[0]?.responseConfigList[0]?.responseSchemaName).toBe('listThingsResponse200');
    expect(api.endpoints[1]?.requestConfigList[0]?.schemaName).toBe('postThingsThingIdRequest');
    expect(schemaNamed(api, 'postThingsThingIdRequest')).toMatchObject({
      schemaType: 'array',
      itemsRef: '#/components/schemas/postThingsThingIdRequestItem',
    });
    expect(schemaNamed(api, 'postThingsThingIdResponseDefault')).toMatchObject({ schemaType: 'integer' });
  });

  it('does not let a synthesized name take the name of a component', () => {
    const api = importJson(
      documentWithSchemas({ listThingsResponse200: { type: 'string' } }, { type: 'object' }),
    );
    expect(api.endpoints[0]?.responseConfigList[0]?.responseSchemaName).toBe('listThingsResponse2002');
  });
});
