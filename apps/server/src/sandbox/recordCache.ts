/** What a cached entry is taken to weigh beside its text (the key, the map's own bookkeeping). */
const ENTRY_OVERHEAD = 64;

/**
 * Stored records as the embedded database last answered them, kept in memory: this server owns that
 * database (it holds its lock), so nothing but its own writes can change a record, and every write
 * forgets what it touches before it commits. A record is kept under its key (an absent one as
 * `null`), a collection's list under the collection. The oldest entries go first once the texts
 * weigh more than `maxBytes`.
 */
export function createRecordCache(maxBytes: number) {
  const entries = new Map<string, string | string[] | null>();
  let bytes = 0;

  const weight = (value: string | string[] | null) =>
    ENTRY_OVERHEAD +
    (value === null ? 0 : typeof value === 'string' ? value.length : value.reduce((n, t) => n + t.length, 0));

  function keep<T extends string | string[] | null>(key: string, value: T): T {
    entries.set(key, value);
    bytes += weight(value);
    for (const [oldest, old] of entries) {
      if (bytes <= maxBytes) break;
      entries.delete(oldest);
      bytes -= weight(old);
    }
    return value;
  }

  function drop(key: string): void {
    const value = entries.get(key);
    if (value === undefined) return;
    entries.delete(key);
    bytes -= weight(value);
  }

  const listKey = (apiMasterId: number, collection: string) => `${apiMasterId}\u0000${collection}`;
  const recordKey = (apiMasterId: number, collection: string, key: string) =>
    `${apiMasterId}\u0000${collection}\u0000${key}`;

  return {
    record(apiMasterId: number, collection: string, key: string, load: () => string | undefined) {
      const cacheKey = recordKey(apiMasterId, collection, key);
      const cached = entries.get(cacheKey) as string | null | undefined;
      if (cached !== undefined) return cached ?? undefined;
      return keep(cacheKey, load() ?? null) ?? undefined;
    },

    list(apiMasterId: number, collection: string, load: () => string[]): string[] {
      const cacheKey = listKey(apiMasterId, collection);
      return (entries.get(cacheKey) as string[] | undefined) ?? keep(cacheKey, load());
    },

    /** Called by every write of a record: forgets it and its collection's list. */
    forget(apiMasterId: number, collection: string, key: string): void {
      drop(recordKey(apiMasterId, collection, key));
      drop(listKey(apiMasterId, collection));
    },
  };
}

export type RecordCache = ReturnType<typeof createRecordCache>;
