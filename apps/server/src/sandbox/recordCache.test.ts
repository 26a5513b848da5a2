import { describe, expect, it } from 'vitest';
import { createRecordCache } from './recordCache.js';

describe('the record cache', () => {
  const firstPage = { offset: 0, limit: 100 };

  it('reads a record or a page once, until a write forgets them', () => {
    const cache = createRecordCache(1024 * 1024);
    let reads = 0;
    const load = () => {
      reads++;
      return '{"id":"p-1"}';
    };
    const page = () => ({ texts: [load()], total: 1 });
    expect(cache.record(1, '/pets', 'p-1', load)).toBe('{"id":"p-1"}');
    expect(cache.record(1, '/pets', 'p-1', load)).toBe('{"id":"p-1"}');
    expect(cache.page(1, '/pets', firstPage, page).texts).toEqual(['{"id":"p-1"}']);
    expect(cache.page(1, '/pets', firstPage, page).texts).toEqual(['{"id":"p-1"}']);
    expect(cache.page(1, '/pets', { offset: 1, limit: 100 }, () => ({ texts: [], total: 1 })).texts).toEqual(
      [],
    );
    expect(reads).toBe(2);

    cache.forget(1, '/pets', 'p-1');
    expect(cache.record(1, '/pets', 'p-1', () => undefined)).toBeUndefined();
    expect(cache.page(1, '/pets', firstPage, () => ({ texts: [], total: 0 })).texts).toEqual([]);
    expect(cache.page(1, '/pets', { offset: 1, limit: 100 }, () => ({ texts: [], total: 0 })).total).toBe(0);
    expect(cache.record(1, '/pets', 'p-1', load)).toBeUndefined();
  });

  it('keeps no more than its budget, the oldest leaving first', () => {
    const cache = createRecordCache(4096);
    const loads: string[] = [];
    const text = (key: string) => () => {
      loads.push(key);
      return key.repeat(1000);
    };
    for (const key of ['a', 'b', 'c', 'd', 'e']) cache.record(1, '/pets', key, text(key));
    expect(cache.bytes).toBeLessThanOrEqual(4096);
    cache.record(1, '/pets', 'e', text('e'));
    cache.record(1, '/pets', 'a', text('a'));
    expect(loads).toEqual(['a', 'b', 'c', 'd', 'e', 'a']);
  });

  it('weighs a text by its bytes, not its characters', () => {
    // 1,000 characters that take 3,000 bytes in UTF-8 and 2,000 in V8's two-byte strings
    const cache = createRecordCache(10_000);
    const loads: string[] = [];
    const text = (key: string) => () => {
      loads.push(key);
      return '語'.repeat(1000);
    };
    for (const key of ['a', 'b', 'c', 'd']) cache.record(1, '/pets', key, text(key));
    cache.record(1, '/pets', 'a', text('a'));
    expect(loads).toEqual(['a', 'b', 'c', 'd', 'a']);
  });

  it('does not keep what weighs more than the whole budget', () => {
    const cache = createRecordCache(1000);
    cache.record(1, '/pets', 'small', () => 'x');
    cache.page(1, '/pets', firstPage, () => ({ texts: ['y'.repeat(2000)], total: 1 }));
    let reads = 0;
    cache.record(1, '/pets', 'small', () => {
      reads++;
      return 'x';
    });
    expect(reads).toBe(0);
  });
});
