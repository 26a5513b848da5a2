import { describe, expect, it } from 'vitest';
import { commaToIds, idsToComma, toEndpointLinks, toLinkForm } from './endpointLinks';

describe('endpoint links', () => {
  it('reads comma strings into id lists', () => {
    expect(commaToIds('1,2, 3')).toEqual([1, 2, 3]);
    expect(commaToIds('')).toEqual([]);
    expect(commaToIds(null)).toEqual([]);
    expect(commaToIds(undefined)).toEqual([]);
    expect(commaToIds('4,,x,5')).toEqual([4, 5]);
  });

  it('writes id lists as comma strings', () => {
    expect(idsToComma([3, 1])).toBe('3,1');
    expect(idsToComma([])).toBe('');
  });

  it('round-trips the links of every method', () => {
    const form = toLinkForm({ getApiId: '1,2', postApiId: null, deleteApiId: '9' });
    expect(form).toEqual({ GET: [1, 2], POST: [], PUT: [], PATCH: [], DELETE: [9] });
    expect(toEndpointLinks(form)).toEqual({
      getApiId: '1,2',
      postApiId: '',
      putApiId: '',
      patchApiId: '',
      deleteApiId: '9',
    });
  });
});
