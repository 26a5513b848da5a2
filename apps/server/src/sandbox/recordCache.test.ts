import { describe, expect, it } from 'vitest';
import { createRecordCache } from './recordCache.js';

describe('the record cache', () => {
  it('reads a record or a list once, until a write forgets them', () => {
    const cache = createRecordCache(1024 * 1024);
    let reads = 0;
    const load = () => {
      reads++;
      return '{"id":"p-1"}';
    };
    expect(cache.record(1, '/pets', 'p-1', load)).toBe('{"id":"p-1"}');
    expect(cache.record(1, '/pets', 'p-1', load)).toBe('{"id":"p-1"}');
    expect(cache.list(1, '/pets', () => [load()])).toEqual(['{"id":"p-1"}']);
    expect(cache.list(1, '/pets', () => [load()])).toEqual(['{"id":"p-1"}']);
    expect(reads).toBe(2);

    cache.forget(1, '/pets', 'p-1');
    expect(cache.record(1, '/pets', 'p-1', () => undefined)).toBeUndefined();
    expect(cache.list(1, '/pets', () => [])).toEqual([]);
    expect(cache.record(1, '/pets', 'p-1', load)).toBeUndefined();
  });

  it('keeps no more text than its budget, the oldest leaving first', () => {
    const cache = createRecordCache(3 * (64 + 100));
    const text = (c: string) => () => c.repeat(100);
    for (const key of ['a', 'b', 'c', 'd']) cache.record(1, '/pets', key, text(key));
    expect(cache.record(1, '/pets', 'a', text('A'))).toBe('A'.repeat(100));
    expect(cache.record(1, '/pets', 'd', text('D'))).toBe('d'.repeat(100));
  });
});
