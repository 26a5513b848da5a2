import type { BodyProperty, SchemaMaster } from '@sandbox/contracts';
import { describe, expect, it } from 'vitest';
import { PROPERTY_TYPE_OPTIONS, referencedSchemas, refName, toBound, updatePropertyAt } from './propertyTree';

const prop = (jsonKey: string, extra: Partial<BodyProperty> = {}): BodyProperty => ({
  jsonKey,
  jsonKeyType: 'string',
  isMandatory: false,
  ...extra,
});

const schema = (schemaName: string, configProperties: BodyProperty[]): SchemaMaster => ({
  schemaName,
  schemaType: 'object',
  configProperties,
});

describe('property tree', () => {
  it('lists the spec types first', () => {
    expect(PROPERTY_TYPE_OPTIONS.slice(0, 4)).toEqual(['string', 'number', 'boolean', 'null']);
    expect(PROPERTY_TYPE_OPTIONS).toContain('object');
  });

  it('changes a top-level property without touching the others', () => {
    const list = [prop('a'), prop('b')];
    const next = updatePropertyAt(list, [1], { maxLength: 9 });
    expect(next[1]).toEqual(prop('b', { maxLength: 9 }));
    expect(next[0]).toBe(list[0]);
    expect(list[1].maxLength).toBeUndefined();
  });

  it('changes a nested property', () => {
    const list = [prop('address', { jsonKeyType: 'object', configProperties: [prop('city'), prop('zip')] })];
    const next = updatePropertyAt(list, [0, 1], { isMandatory: true });
    expect(next[0].configProperties?.[1].isMandatory).toBe(true);
    expect(next[0].configProperties?.[0].isMandatory).toBe(false);
  });

  it('clears both lengths when the type becomes boolean', () => {
    const list = [prop('a', { minLength: 1, maxLength: 5 })];
    expect(updatePropertyAt(list, [0], { jsonKeyType: 'boolean' })[0]).toMatchObject({
      jsonKeyType: 'boolean',
      minLength: null,
      maxLength: null,
    });
  });

  it('names the schema of a reference by its last segment', () => {
    expect(refName('#/components/schemas/Address')).toBe('Address');
    expect(refName(null)).toBe('');
  });

  it('finds the schemas a schema reaches, each once', () => {
    const schemas = [
      schema('Pet', [prop('owner', { jsonKeyType: 'object', refProperties: '#/components/schemas/Owner' })]),
      schema('Owner', [
        prop('home', {
          jsonKeyType: 'object',
          configProperties: [prop('a', { refProperties: '#/components/schemas/Address' })],
        }),
        prop('pet', { refProperties: '#/components/schemas/Pet' }),
      ]),
      schema('Address', []),
      schema('Unrelated', []),
    ];
    expect(referencedSchemas('Pet', schemas).map((s) => s.schemaName)).toEqual(['Owner', 'Address']);
  });

  it('reads an empty bound as none', () => {
    expect(toBound('')).toBeNull();
    expect(toBound('12')).toBe(12);
  });
});
