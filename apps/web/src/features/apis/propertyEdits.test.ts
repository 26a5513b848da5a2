import type { BodyProperty } from '@sandbox/contracts';
import { describe, expect, it } from 'vitest';
import { addPropertyAt, holdsProperties, isRenamable, newProperty, removePropertyAt } from './propertyEdits';

const prop = (jsonKey: string, extra: Partial<BodyProperty> = {}): BodyProperty => ({
  jsonKey,
  jsonKeyType: 'string',
  isMandatory: false,
  ...extra,
});

describe('property edits', () => {
  it('gives a new property a key not taken at its level', () => {
    expect(newProperty([]).jsonKey).toBe('field');
    expect(newProperty([prop('field'), prop('field2')]).jsonKey).toBe('field3');
  });

  it('adds at the top level and inside a nested object', () => {
    const tree = [prop('id'), prop('owner', { jsonKeyType: 'object', configProperties: [prop('name')] })];
    expect(addPropertyAt(tree, []).map((p) => p.jsonKey)).toEqual(['id', 'owner', 'field']);
    const nested = addPropertyAt(tree, [1]);
    expect(nested[1]?.configProperties?.map((p) => p.jsonKey)).toEqual(['name', 'field']);
    expect(nested[0]).toBe(tree[0]);
  });

  it('removes a property with what is nested in it, or a nested one alone', () => {
    const tree = [
      prop('id'),
      prop('owner', { jsonKeyType: 'object', configProperties: [prop('a'), prop('b')] }),
    ];
    expect(removePropertyAt(tree, [1]).map((p) => p.jsonKey)).toEqual(['id']);
    expect(removePropertyAt(tree, [1, 0])[1]?.configProperties?.map((p) => p.jsonKey)).toEqual(['b']);
  });

  it('lets a user rename only rows they added', () => {
    expect(isRenamable({})).toBe(true);
    expect(isRenamable({ id: 4, isDesigned: true })).toBe(true);
    expect(isRenamable({ id: 4 })).toBe(false);
  });

  it('nests properties in objects and arrays of objects, not in references', () => {
    expect(holdsProperties(prop('a', { jsonKeyType: 'object' }))).toBe(true);
    expect(holdsProperties(prop('a', { jsonKeyType: 'array', itemsType: 'object' }))).toBe(true);
    expect(
      holdsProperties(prop('a', { jsonKeyType: 'object', refProperties: '#/components/schemas/X' })),
    ).toBe(false);
    expect(holdsProperties(prop('a'))).toBe(false);
  });
});
