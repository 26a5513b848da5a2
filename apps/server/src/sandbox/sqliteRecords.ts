import type SQLite from 'better-sqlite3';
import { createRecordCache } from './recordCache.js';
import { PAGE_BYTES, type PageRequest, type RecordPage, type Records } from './records.js';
import { checkUsage, type StorageLimits, type Usage } from './storageLimits.js';
import { createWriteBatch } from './writeBatch.js';

/** How much record text the embedded database's sandbox keeps in memory. */
const CACHE_BYTES = 32 * 1024 * 1024;

/**
 * The hot path on the embedded database: statements prepared once, reads answered from memory when
 * they can be, writes committed in batches. Each write charges its API's row of `sandbox_usage` in
 * the same transaction, and only while that stays within the limits; writes run one at a time on
 * this one connection, so no two can both take the last place.
 */
export function sqliteRecords(sqlite: SQLite.Database, limits: StorageLimits): Records {
  const stateful = sqlite.prepare(
    'SELECT 1 FROM sandbox_collections WHERE api_master_id = ? AND collection = ?',
  );
  // The listing index ends with the rowid, so ties of created_at keep one order from page to page.
  const list = sqlite
    .prepare(
      'SELECT data FROM sandbox_records WHERE api_master_id = ? AND collection = ? ORDER BY created_at, rowid LIMIT ? OFFSET ?',
    )
    .pluck();
  const count = sqlite
    .prepare('SELECT count(*) FROM sandbox_records WHERE api_master_id = ? AND collection = ?')
    .pluck();
  const find = sqlite
    .prepare('SELECT data FROM sandbox_records WHERE api_master_id = ? AND collection = ? AND record_key = ?')
    .pluck();
  const sizeOf = sqlite
    .prepare(
      'SELECT octet_length(data) FROM sandbox_records WHERE api_master_id = ? AND collection = ? AND record_key = ?',
    )
    .pluck();
  const mark = sqlite.prepare(
    'INSERT INTO sandbox_collections (api_master_id, collection) VALUES (?, ?) ON CONFLICT DO NOTHING',
  );
  const upsert = sqlite.prepare(
    `INSERT INTO sandbox_records (api_master_id, collection, record_key, data, created_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (api_master_id, collection, record_key) DO UPDATE SET data = excluded.data`,
  );
  const remove = sqlite
    .prepare(
      'DELETE FROM sandbox_records WHERE api_master_id = ? AND collection = ? AND record_key = ? RETURNING octet_length(data)',
    )
    .pluck();
  // Charges a change to the API's usage only while it stays within the limits (a shrink always passes).
  const charge = sqlite.prepare(
    `UPDATE sandbox_usage SET records = records + @records, bytes = bytes + @bytes
     WHERE api_master_id = @api
       AND (@records <= 0 OR records + @records <= @maxRecords)
       AND (@bytes <= 0 OR bytes + @bytes <= @maxBytes)`,
  );
  const usageOf = sqlite.prepare('SELECT records, bytes FROM sandbox_usage WHERE api_master_id = ?');
  const openUsage = sqlite.prepare(
    'INSERT INTO sandbox_usage (api_master_id, records, bytes) VALUES (?, 0, 0) ON CONFLICT DO NOTHING',
  );
  const write = createWriteBatch(sqlite);
  const cache = createRecordCache(CACHE_BYTES);

  function chargeUsage(apiMasterId: number, delta: Usage): void {
    const change = { api: apiMasterId, ...delta, maxRecords: limits.maxRecords, maxBytes: limits.maxBytes };
    if (charge.run(change).changes > 0) return;
    // No row yet (the API's first record), or a limit in the way: checkUsage says which.
    openUsage.run(apiMasterId);
    checkUsage(usageOf.get(apiMasterId) as Usage, delta, limits);
    charge.run(change);
  }

  function store(apiMasterId: number, collection: string, key: string, json: string): void {
    const old = sizeOf.get(apiMasterId, collection, key) as number | undefined;
    const delta = { records: old === undefined ? 1 : 0, bytes: Buffer.byteLength(json) - (old ?? 0) };
    chargeUsage(apiMasterId, delta);
    cache.forget(apiMasterId, collection, key);
    try {
      upsert.run(apiMasterId, collection, key, json, new Date().toISOString());
    } catch (error) {
      // The batch's transaction goes on without this write: take back what it charged.
      chargeUsage(apiMasterId, { records: -delta.records, bytes: -delta.bytes });
      throw error;
    }
  }

  function readPage(apiMasterId: number, collection: string, page: PageRequest): RecordPage {
    const texts: string[] = [];
    let bytes = 0;
    for (const text of list.iterate(apiMasterId, collection, page.limit, page.offset) as Iterable<string>) {
      bytes += Buffer.byteLength(text);
      if (texts.length > 0 && bytes > PAGE_BYTES) break;
      texts.push(text);
    }
    return { texts, total: count.get(apiMasterId, collection) as number };
  }

  const findJson = (apiMasterId: number, collection: string, key: string) =>
    cache.record(
      apiMasterId,
      collection,
      key,
      () => find.get(apiMasterId, collection, key) as string | undefined,
    );
  return {
    isStateful: async (apiMasterId, collection) => stateful.get(apiMasterId, collection) !== undefined,
    listJson: async (apiMasterId, collection, page) =>
      cache.page(apiMasterId, collection, page, () => readPage(apiMasterId, collection, page)),
    async find(apiMasterId, collection, key) {
      const json = findJson(apiMasterId, collection, key);
      return json === undefined ? undefined : JSON.parse(json);
    },
    findJson: async (apiMasterId, collection, key) => findJson(apiMasterId, collection, key),
    put: (apiMasterId, collection, key, json) =>
      write(() => {
        store(apiMasterId, collection, key, json);
        // after the record: a write refused by a limit leaves the collection as it was
        mark.run(apiMasterId, collection);
      }),
    upsert: (apiMasterId, collection, key, json) => write(() => store(apiMasterId, collection, key, json)),
    remove: (apiMasterId, collection, key) =>
      write(() => {
        cache.forget(apiMasterId, collection, key);
        const size = remove.get(apiMasterId, collection, key) as number | undefined;
        if (size === undefined) return false;
        chargeUsage(apiMasterId, { records: -1, bytes: -size });
        return true;
      }),
  };
}
