import { PAGE_BYTES, type PageRequest, type RecordPage, type Records } from '@sandbox/engine/answer/records';
import {
  checkUsage,
  limitBroken,
  type StorageLimits,
  type Usage,
} from '@sandbox/engine/answer/storageLimits';
import type SQLite from 'better-sqlite3';
import { createRecordCache } from './recordCache.js';
import { createWriteBatch } from './writeBatch.js';

/** How much record text the embedded database's sandbox keeps in memory. */
const CACHE_BYTES = 32 * 1024 * 1024;
const MAX_KNOWN_STATEFUL = 100_000;

/**
 * The hot path on the embedded database: statements prepared once, reads answered from memory when
 * they can be, writes committed in batches. This server alone writes the file, one write at a time,
 * so it keeps each API's usage in memory (read from `sandbox_usage` at its first write) and checks
 * every write against the limits there; what a batch's writes add up to is saved to `sandbox_usage`
 * in the batch's own transaction, one statement per API rather than one per write.
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
  const insert = sqlite.prepare(
    `INSERT INTO sandbox_records (api_master_id, collection, record_key, data, created_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (api_master_id, collection, record_key) DO NOTHING`,
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
  // One writer needs one row (shard 0) per API; the sum still counts any other.
  const readUsage = sqlite.prepare(
    'SELECT coalesce(sum(records), 0) AS records, coalesce(sum(bytes), 0) AS bytes FROM sandbox_usage WHERE api_master_id = ?',
  );
  const saveUsage = sqlite.prepare(
    `INSERT INTO sandbox_usage (api_master_id, shard, records, bytes) VALUES (?, 0, ?, ?)
     ON CONFLICT (api_master_id, shard) DO UPDATE
     SET records = records + excluded.records, bytes = bytes + excluded.bytes`,
  );
  // A collection stays stateful until its API is removed, and API ids are never reused: one found or
  // made so is remembered, and neither asking nor marking it costs a statement again (a bounded set:
  // past it, asked again). A batch rolled back may have marked some: all are asked again.
  const knownStateful = new Set<string>();
  const statefulKey = (apiMasterId: number, collection: string) => `${apiMasterId}\u0000${collection}`;
  const remember = (known: string) => {
    if (knownStateful.size < MAX_KNOWN_STATEFUL) knownStateful.add(known);
  };
  /** Per API written to since start: its usage with the writes of the batch under way. */
  const usage = new Map<number, Usage>();
  /** Per API, what the batch under way changed: saved just before the batch commits. */
  const unsaved = new Map<number, Usage>();
  const write = createWriteBatch(sqlite, {
    beforeCommit() {
      for (const [apiMasterId, delta] of unsaved) saveUsage.run(apiMasterId, delta.records, delta.bytes);
      unsaved.clear();
    },
    afterRollback() {
      // read again from the database at their next write or question
      for (const apiMasterId of unsaved.keys()) usage.delete(apiMasterId);
      unsaved.clear();
      knownStateful.clear();
    },
  });
  const cache = createRecordCache(CACHE_BYTES);

  function usageOf(apiMasterId: number): Usage {
    let current = usage.get(apiMasterId);
    if (!current) {
      current = { ...(readUsage.get(apiMasterId) as Usage) };
      usage.set(apiMasterId, current);
    }
    return current;
  }

  function chargeUsage(apiMasterId: number, delta: Usage): void {
    const current = usageOf(apiMasterId);
    checkUsage(current, delta, limits);
    current.records += delta.records;
    current.bytes += delta.bytes;
    const pending = unsaved.get(apiMasterId);
    if (pending) {
      pending.records += delta.records;
      pending.bytes += delta.bytes;
    } else unsaved.set(apiMasterId, { ...delta });
  }

  function store(apiMasterId: number, collection: string, key: string, json: string): void {
    const bytes = Buffer.byteLength(json);
    const createdAt = new Date().toISOString();
    cache.forget(apiMasterId, collection, key);
    // Most writes add a record (a POST's new id): when one more would fit, a plain insert is tried
    // first, and it is the only statement such a write needs.
    const added = { records: 1, bytes };
    if (
      !limitBroken(usageOf(apiMasterId), added, limits) &&
      insert.run(apiMasterId, collection, key, json, createdAt).changes > 0
    ) {
      chargeUsage(apiMasterId, added);
      return;
    }
    // A record replaced, or a limit in the way: the size of the record replaced decides.
    const old = sizeOf.get(apiMasterId, collection, key) as number | undefined;
    const delta = { records: old === undefined ? 1 : 0, bytes: bytes - (old ?? 0) };
    chargeUsage(apiMasterId, delta);
    try {
      upsert.run(apiMasterId, collection, key, json, createdAt);
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
    async isStateful(apiMasterId, collection) {
      const known = statefulKey(apiMasterId, collection);
      if (knownStateful.has(known)) return true;
      if (stateful.get(apiMasterId, collection) === undefined) return false;
      remember(known);
      return true;
    },
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
        const known = statefulKey(apiMasterId, collection);
        if (knownStateful.has(known)) return;
        mark.run(apiMasterId, collection);
        remember(known);
      }),
    upsert: (apiMasterId, collection, key, json) => write(() => store(apiMasterId, collection, key, json)),
    // One insert each, in their order: records written together list by their rowid.
    seed: (apiMasterId, collection, records) =>
      write(() => {
        const known = statefulKey(apiMasterId, collection);
        if (knownStateful.has(known) || stateful.get(apiMasterId, collection) !== undefined) return;
        // a collection that is not stateful holds no record: every one of them is added
        const bytes = records.reduce((sum, [, json]) => sum + Buffer.byteLength(json), 0);
        chargeUsage(apiMasterId, { records: records.length, bytes });
        const createdAt = new Date().toISOString();
        for (const [key, json] of records) {
          cache.forget(apiMasterId, collection, key);
          insert.run(apiMasterId, collection, key, json, createdAt);
        }
        mark.run(apiMasterId, collection);
        remember(known);
      }),
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
