import type { PageRequest, RecordPage } from '@sandbox/engine/answer/records';

/**
 * What a text weighs beside its characters (V8's string header, the pointer to it). Its characters
 * are counted as UTF-8 bytes: never fewer than V8 keeps (one byte per Latin-1 character, two per
 * UTF-16 unit otherwise), so the budget holds whatever the text is made of.
 */
const TEXT_OVERHEAD = 32;
/** What an entry weighs beside its texts and key (the map's slot, the entry object). */
const ENTRY_OVERHEAD = 96;

interface Entry {
  value: string | RecordPage | null;
  weight: number;
  /** Set on a page of a list: the collection it belongs to. */
  collection?: string;
}

const textWeight = (text: string) => TEXT_OVERHEAD + Buffer.byteLength(text);

/**
 * Stored records as the embedded database last answered them, kept in memory: this server owns that
 * database (it holds its lock), so nothing but its own writes can change a record, and every write
 * forgets what it touches before it commits. A record is kept under its key (an absent one as
 * `null`), each page of a collection's list under the collection and the page. The oldest entries go
 * first once everything kept weighs more than `maxBytes`; an entry heavier than that is not kept.
 */
export function createRecordCache(maxBytes: number) {
  const entries = new Map<string, Entry>();
  /** Per collection, the keys of its cached pages: a write to the collection forgets them all. */
  const pagesOf = new Map<string, Set<string>>();
  let bytes = 0;

  function drop(key: string): void {
    const entry = entries.get(key);
    if (entry === undefined) return;
    entries.delete(key);
    bytes -= entry.weight;
    if (entry.collection === undefined) return;
    const pages = pagesOf.get(entry.collection);
    pages?.delete(key);
    if (pages?.size === 0) pagesOf.delete(entry.collection);
  }

  function keep(key: string, entry: Entry): void {
    if (entry.weight > maxBytes) return;
    drop(key);
    entries.set(key, entry);
    bytes += entry.weight;
    if (entry.collection !== undefined) {
      const pages = pagesOf.get(entry.collection);
      if (pages) pages.add(key);
      else pagesOf.set(entry.collection, new Set([key]));
    }
    for (const oldest of entries.keys()) {
      if (bytes <= maxBytes) break;
      drop(oldest);
    }
  }

  const collectionKey = (apiMasterId: number, collection: string) => `${apiMasterId}\u0000${collection}`;

  return {
    record(apiMasterId: number, collection: string, key: string, load: () => string | undefined) {
      const cacheKey = `${collectionKey(apiMasterId, collection)}\u0000${key}`;
      const cached = entries.get(cacheKey);
      if (cached !== undefined) return (cached.value as string | null) ?? undefined;
      const text = load();
      const weight = ENTRY_OVERHEAD + cacheKey.length + (text === undefined ? 0 : textWeight(text));
      keep(cacheKey, { value: text ?? null, weight });
      return text;
    },

    page(apiMasterId: number, collection: string, page: PageRequest, load: () => RecordPage): RecordPage {
      const owner = collectionKey(apiMasterId, collection);
      const cacheKey = `${owner}\u0001${page.offset}\u0001${page.limit}`;
      const cached = entries.get(cacheKey);
      if (cached !== undefined) return cached.value as RecordPage;
      const loaded = load();
      const weight = loaded.texts.reduce(
        (sum, text) => sum + textWeight(text),
        ENTRY_OVERHEAD + cacheKey.length,
      );
      keep(cacheKey, { value: loaded, weight, collection: owner });
      return loaded;
    },

    /** Called by every write of a record: forgets it and every cached page of its collection. */
    forget(apiMasterId: number, collection: string, key: string): void {
      const owner = collectionKey(apiMasterId, collection);
      drop(`${owner}\u0000${key}`);
      for (const page of pagesOf.get(owner) ?? []) drop(page);
    },

    /** What everything kept weighs, as counted against `maxBytes`. */
    get bytes(): number {
      return bytes;
    },
  };
}

export type RecordCache = ReturnType<typeof createRecordCache>;
