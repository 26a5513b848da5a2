import type { BodyProperty, DeclaredSchema } from '@sandbox/contracts';
import { describe, expect, it } from 'vitest';
import { applyFormEdit } from './applyFormEdit.js';

/** The model's named schemas: what a reference may be written to. */
const named = new Set(['Base', 'Pet', 'Person', 'User']);
const apply = (schema: DeclaredSchema, before: BodyProperty[], after: BodyProperty[]) =>
  applyFormEdit(schema, before, after, named);

const prop = (jsonKey: string, patch: Partial<BodyProperty> = {}): BodyProperty => ({
  id: jsonKey.length,
  jsonKey,
  jsonKeyType: 'string',
  isMandatory: false,
  ...patch,
});

describe('applying a saved Body form to the model', () => {
  it('keeps null in a 3.1 type list when the type changes', () => {
    const schema = { type: 'object', properties: { age: { type: ['string', 'null'], 'x-unit': 'years' } } };
    const edited = apply(
      schema,
      [prop('age', { nullable: true })],
      [prop('age', { nullable: true, jsonKeyType: 'integer' })],
    );
    expect(edited).toEqual({
      type: 'object',
      properties: { age: { type: ['integer', 'null'], 'x-unit': 'years' } },
    });
  });

  it('finds a property in an inline allOf part and writes its bound there', () => {
    const part = { properties: { name: { type: 'string', title: 'Name' } }, required: ['name'] };
    const schema = {
      allOf: [{ $ref: '#/components/schemas/Base' }, part],
      discriminator: { propertyName: 'kind' },
    };
    const edited = apply(
      schema,
      [prop('name', { isMandatory: true })],
      [prop('name', { isMandatory: false, maxLength: 5 })],
    );
    expect(edited).toEqual({
      allOf: [
        { $ref: '#/components/schemas/Base' },
        { properties: { name: { type: 'string', title: 'Name', maxLength: 5 } } },
      ],
      discriminator: { propertyName: 'kind' },
    });
  });

  it("writes an array's length as minItems and maxItems and its items' properties under items", () => {
    const schema = {
      properties: {
        tags: { type: 'array', items: { type: 'object', properties: { label: { type: 'string' } } } },
      },
    };
    const before = [
      prop('tags', { jsonKeyType: 'array', itemsType: 'object', configProperties: [prop('label')] }),
    ];
    const after = [
      prop('tags', {
        jsonKeyType: 'array',
        itemsType: 'object',
        maxLength: 3,
        configProperties: [prop('label', { isMandatory: true, defaultValue: 'new' })],
      }),
    ];
    expect(apply(schema, before, after)).toEqual({
      properties: {
        tags: {
          type: 'array',
          maxItems: 3,
          items: {
            type: 'object',
            properties: { label: { type: 'string', default: 'new' } },
            required: ['label'],
          },
        },
      },
    });
  });

  it('writes X\'s constraints in "X or null" and a reference\'s description beside it', () => {
    const schema = {
      properties: {
        note: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        owner: { allOf: [{ $ref: '#/components/schemas/Person' }], description: 'old' },
      },
    };
    const owner = { jsonKeyType: 'object' as const, refProperties: '#/components/schemas/Person' };
    const edited = apply(
      schema,
      [prop('note', { nullable: true }), prop('owner', { ...owner, description: 'old' })],
      [
        prop('note', { nullable: true, maxLength: 80 }),
        prop('owner', { ...owner, refProperties: '#/components/schemas/User', description: 'Who owns it' }),
      ],
    );
    expect(edited).toEqual({
      properties: {
        note: { anyOf: [{ type: 'string', maxLength: 80 }, { type: 'null' }] },
        owner: { allOf: [{ $ref: '#/components/schemas/User' }], description: 'Who owns it' },
      },
    });
  });

  it('renames a property where it is, required included, and decodes a number default', () => {
    const schema = { properties: { a: { type: 'integer' }, b: { type: 'string' } }, required: ['a'] };
    const edited = apply(
      schema,
      [prop('a', { id: 1, jsonKeyType: 'integer', isMandatory: true }), prop('b', { id: 2 })],
      [
        prop('count', { id: 1, jsonKeyType: 'integer', isMandatory: true, defaultValue: '3' }),
        prop('b', { id: 2 }),
      ],
    );
    expect(edited).toEqual({
      properties: { count: { type: 'integer', default: 3 }, b: { type: 'string' } },
      required: ['count'],
    });
  });

  it("writes an edit of a property inherited from a named schema at the schema's own level, leaving the parent", () => {
    const schema = {
      allOf: [{ $ref: '#/components/schemas/Pet' }, { properties: { barks: { type: 'boolean' } } }],
    };
    const edited = apply(
      schema,
      [prop('name'), prop('barks', { jsonKeyType: 'boolean' })],
      [prop('name', { isMandatory: true, maxLength: 20 }), prop('barks', { jsonKeyType: 'boolean' })],
    );
    expect(edited).toEqual({
      allOf: [{ $ref: '#/components/schemas/Pet' }, { properties: { barks: { type: 'boolean' } } }],
      properties: { name: { maxLength: 20 } },
      required: ['name'],
    });
  });

  it('adds an automatic value and clears nullable by unwrapping "X or null"', () => {
    const schema = {
      properties: {
        code: { anyOf: [{ type: 'string', format: 'uuid' }, { type: 'null' }], description: 'Code' },
      },
    };
    const edited = apply(
      schema,
      [prop('code', { nullable: true })],
      [prop('code', { nullable: false, autoGenerationType: 'UUID' })],
    );
    expect(edited).toEqual({
      properties: {
        code: { type: 'string', format: 'uuid', description: 'Code', 'x-auto-generation': 'UUID' },
      },
    });
  });

  it('writes UUID as the format it implies on a designed property with no format of its own', () => {
    const schema = {
      properties: {
        id: { type: 'string', title: 'Id' },
        code: { type: 'string' },
        url: { type: 'string', format: 'uri' },
      },
    };
    // (prop's ids are the keys' lengths: each key here has its own)
    const designed = { isDesigned: true };
    const before = [prop('id'), prop('code', designed), prop('url', { ...designed, format: 'uri' })];
    const uuid = [
      prop('id', { autoGenerationType: 'UUID' }),
      prop('code', { ...designed, autoGenerationType: 'UUID' }),
      prop('url', { ...designed, format: 'uri', autoGenerationType: 'UUID' }),
    ];
    const edited = apply(schema, before, uuid);
    expect(edited).toEqual({
      properties: {
        // the document's own property keeps the document's format: UUID is the generator's keyword
        id: { type: 'string', title: 'Id', 'x-auto-generation': 'UUID' },
        code: { type: 'string', format: 'uuid', 'x-auto-generation': 'UUID' },
        url: { type: 'string', format: 'uri', 'x-auto-generation': 'UUID' },
      },
    });
    // None takes back what UUID wrote, and only that
    expect(apply(edited, uuid, before)).toEqual(schema);
  });

  it('writes no reference to a schema the model does not name', () => {
    const schema = { properties: { pet: { oneOf: [{ type: 'string' }, { type: 'integer' }] } } };
    const made = { jsonKeyType: 'object' as const, refProperties: '#/components/schemas/HomePet' };
    const edited = apply(
      schema,
      [prop('pet', made)],
      [prop('pet', made), prop('other', { ...made, description: 'Another' })],
    );
    expect(edited).toEqual({
      properties: {
        pet: { oneOf: [{ type: 'string' }, { type: 'integer' }] },
        other: { description: 'Another' },
      },
    });
  });
});
