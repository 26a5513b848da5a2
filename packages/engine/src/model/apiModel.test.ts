import type { DeclaredSchema } from '@sandbox/contracts';
import { describe, expect, it } from 'vitest';
import { ApiModel } from './apiModel.js';

const named = new Map<string, DeclaredSchema>([
  [
    'Pet',
    {
      type: 'object',
      required: ['id', 'name', 'tags'],
      properties: {
        id: { type: 'integer' },
        name: { type: 'string' },
        tags: { type: 'array', items: { type: 'string' }, minItems: 1 },
      },
    },
  ],
]);
const list = { method: 'GET', path: '/pets', query: { limit: '5', kind: ['cat', 'dog'] } };
const petsOf = (model: ApiModel, request = list) => model.forRequest(request).generateNamed('Pet', 'pets');

describe('a model answering one request', () => {
  it('generates the same value for the same request under one seed', () => {
    expect(petsOf(new ApiModel(named, 42))).toEqual(petsOf(new ApiModel(named, 42)));
  });

  it('takes the query in any order of its names, the values of each as sent', () => {
    const model = new ApiModel(named, 42);
    const reordered = { ...list, query: { kind: ['cat', 'dog'], limit: '5' } };
    expect(petsOf(model, reordered)).toEqual(petsOf(model));
    expect(petsOf(model, { ...list, query: { kind: ['dog', 'cat'], limit: '5' } })).not.toEqual(
      petsOf(model),
    );
  });

  it('generates other values for another request, or under another seed', () => {
    const model = new ApiModel(named, 42);
    expect(petsOf(model, { ...list, path: '/pets/1' })).not.toEqual(petsOf(model));
    expect(petsOf(model, { ...list, method: 'POST' })).not.toEqual(petsOf(model));
    expect(petsOf(new ApiModel(named, 43))).not.toEqual(petsOf(model));
  });

  it('is the API model itself when the API has no seed', () => {
    const model = new ApiModel(named);
    expect(model.forRequest(list)).toBe(model);
  });
});

describe('whether a value may be answered as a schema declares', () => {
  const model = new ApiModel(named);
  const nickname: DeclaredSchema = { type: 'string', minLength: 2, maxLength: 3 };

  it('measures a string in characters, a pair of UTF-16 units for an emoji counting once', () => {
    expect(['ab', '😀😀', '😀😀😀', 'a😀b'].map((value) => model.accepts(nickname, value))).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(['a', '😀', '😀😀😀😀', 'ab\uD83D\uD83D'].map((value) => model.accepts(nickname, value))).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it('refuses a record whose fields break the named schema', () => {
    const pet = { id: 7, name: 'Rex', tags: ['dog'] };
    expect(model.accepts({ $ref: '#/components/schemas/Pet' }, pet)).toBe(true);
    expect(model.accepts({ $ref: '#/components/schemas/Pet' }, { ...pet, id: 7.5 })).toBe(false);
    expect(model.accepts({ $ref: '#/components/schemas/Pet' }, { ...pet, tags: [] })).toBe(false);
  });
});
