import { describe, expect, it } from 'vitest';
import { createDeployedApiCache } from './deployedApiCache.js';

describe('the compiled API cache', () => {
  function counting(max: number) {
    const loads: string[] = [];
    const cache = createDeployedApiCache(
      max,
      async (key) => {
        loads.push(key);
        return key.startsWith('unknown') ? null : { id: key.charCodeAt(0), key };
      },
      (api) => api.id,
    );
    return { cache, loads };
  }

  it('keeps at most its count, the least recently called leaving first', async () => {
    const { cache, loads } = counting(2);
    await cache.get('a');
    await cache.get('b');
    await cache.get('a');
    await cache.get('c');
    expect(cache.size).toBe(2);
    await cache.get('a');
    await cache.get('b');
    expect(loads).toEqual(['a', 'b', 'c', 'b']);
  });

  it('shares one load between the calls that wait for it', async () => {
    const { cache, loads } = counting(2);
    const [first, second] = await Promise.all([cache.get('a'), cache.get('a')]);
    expect(first).toBe(second);
    expect(loads).toEqual(['a']);
  });

  it('forgets a changed API, and does not remember an unknown key', async () => {
    const { cache, loads } = counting(10);
    await cache.get('a');
    await cache.get('b');
    cache.forgetApi('a'.charCodeAt(0));
    await cache.get('a');
    await cache.get('b');
    expect(await cache.get('unknown-1')).toBeNull();
    expect(await cache.get('unknown-1')).toBeNull();
    expect(loads).toEqual(['a', 'b', 'a', 'unknown-1', 'unknown-1']);
  });
});
