import type SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { Db } from '../db/connection.js';
import type { Database } from '../db/schema.js';
import { createRecordCache } from './recordCache.js';
import { createWriteBatch } from './writeBatch.js';

export type SandboxRecord = Record<string, unknown>;

/** The records of linked endpoints' collections, kept in the database so every instance shares them. */
export interface RecordStore {
  /** A collection becomes stateful with its first stored record and stays so, even once emptied. */
  isStateful(apiMasterId: number, collection: string): Promise<boolean>;
  /** The records as stored, JSON texts, oldest first. */
  listJson(apiMasterId: number, collection: string): Promise<string[]>;
  find(apiMasterId: number, collection: string, key: string): Promise<SandboxRecord | undefined>;
  /** The record as stored, JSON text: answered without parsing it again. */
  findJson(apiMasterId: number, collection: string, key: string): Promise<string | undefined>;
  /** Inserts or replaces the record, given as its JSON text, under its key. */
  put(apiMasterId: number, collection: string, key: string, json: string): Promise<void>;
  remove(apiMasterId: number, collection: string, key: string): Promise<boolean>;
}

/** The most records a list answers with. */
const MAX_LIST = 1000;

/** What each database offers: `upsert` writes a record of a collection already marked stateful. */
interface Records extends RecordStore {
  upsert(apiMasterId: number, collection: string, key: string, json: string): Promise<void>;
}

export function createRecordStore(db: Db): RecordStore {
  const store = db.sqlite ? sqliteRecords(db.sqlite) : kyselyRecords(db.kysely);
  // Statefulness only ever turns on, so a positive answer can be remembered on every instance.
  const known = new Set<string>();
  const knownKey = (apiMasterId: number, collection: string) => `${apiMasterId}\u0000${collection}`;
  return {
    listJson: store.listJson,
    find: store.find,
    findJson: store.findJson,
    remove: store.remove,
    async isStateful(apiMasterId, collection) {
      if (known.has(knownKey(apiMasterId, collection))) return true;
      const stateful = await store.isStateful(apiMasterId, collection);
      if (stateful) known.add(knownKey(apiMasterId, collection));
      return stateful;
    },
    // Once a collection is known to be stateful, a write needs no second statement to mark it.
    async put(apiMasterId, collection, key, json) {
      if (known.has(knownKey(apiMasterId, collection)))
        return store.upsert(apiMasterId, collection, key, json);
      await store.put(apiMasterId, collection, key, json);
      known.add(knownKey(apiMasterId, collection));
    },
  };
}

/** How much record text the embedded database's sandbox keeps in memory. */
const CACHE_BYTES = 32 * 1024 * 1024;

// The hot path on the embedded database: statements prepared once, reads answered from memory when
// they can be, writes committed in batches.
function sqliteRecords(sqlite: SQLite.Database): Records {
  const stateful = sqlite.prepare(
    'SELECT 1 FROM sandbox_collections WHERE api_master_id = ? AND collection = ?',
  );
  // The limit is written into the statement: a bound limit makes SQLite plan the statement anew each run.
  const list = sqlite
    .prepare(
      `SELECT data FROM sandbox_records WHERE api_master_id = ? AND collection = ? ORDER BY created_at LIMIT ${MAX_LIST}`,
    )
    .pluck();
  const find = sqlite
    .prepare('SELECT data FROM sandbox_records WHERE api_master_id = ? AND collection = ? AND record_key = ?')
    .pluck();
  const mark = sqlite.prepare(
    'INSERT INTO sandbox_collections (api_master_id, collection) VALUES (?, ?) ON CONFLICT DO NOTHING',
  );
  const upsert = sqlite.prepare(
    `INSERT INTO sandbox_records (api_master_id, collection, record_key, data, created_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (api_master_id, collection, record_key) DO UPDATE SET data = excluded.data`,
  );
  const remove = sqlite.prepare(
    'DELETE FROM sandbox_records WHERE api_master_id = ? AND collection = ? AND record_key = ?',
  );
  const write = createWriteBatch(sqlite);
  const cache = createRecordCache(CACHE_BYTES);
  const findJson = (apiMasterId: number, collection: string, key: string) =>
    cache.record(
      apiMasterId,
      collection,
      key,
      () => find.get(apiMasterId, collection, key) as string | undefined,
    );
  const store = (apiMasterId: number, collection: string, key: string, json: string) => {
    cache.forget(apiMasterId, collection, key);
    upsert.run(apiMasterId, collection, key, json, new Date().toISOString());
  };
  return {
    isStateful: async (apiMasterId, collection) => stateful.get(apiMasterId, collection) !== undefined,
    listJson: async (apiMasterId, collection) =>
      cache.list(apiMasterId, collection, () => list.all(apiMasterId, collection) as string[]),
    async find(apiMasterId, collection, key) {
      const json = findJson(apiMasterId, collection, key);
      return json === undefined ? undefined : JSON.parse(json);
    },
    findJson: async (apiMasterId, collection, key) => findJson(apiMasterId, collection, key),
    put: (apiMasterId, collection, key, json) =>
      write(() => {
        mark.run(apiMasterId, collection);
        store(apiMasterId, collection, key, json);
      }),
    upsert: (apiMasterId, collection, key, json) => write(() => store(apiMasterId, collection, key, json)),
    remove: (apiMasterId, collection, key) =>
      write(() => {
        cache.forget(apiMasterId, collection, key);
        return remove.run(apiMasterId, collection, key).changes > 0;
      }),
  };
}

async function upsertWith(
  db: Kysely<Database>,
  apiMasterId: number,
  collection: string,
  key: string,
  data: string,
): Promise<void> {
  await db
    .insertInto('sandbox_records')
    .values({
      api_master_id: apiMasterId,
      collection,
      record_key: key,
      data,
      created_at: new Date().toISOString(),
    })
    .onConflict((oc) => oc.columns(['api_master_id', 'collection', 'record_key']).doUpdateSet({ data }))
    .execute();
}

function kyselyRecords(db: Kysely<Database>): Records {
  const inCollection = (apiMasterId: number, collection: string) =>
    db
      .selectFrom('sandbox_records')
      .where('api_master_id', '=', apiMasterId)
      .where('collection', '=', collection);
  const findJson = async (apiMasterId: number, collection: string, key: string) => {
    const row = await inCollection(apiMasterId, collection)
      .select('data')
      .where('record_key', '=', key)
      .executeTakeFirst();
    return row?.data;
  };
  return {
    async isStateful(apiMasterId, collection) {
      const row = await db
        .selectFrom('sandbox_collections')
        .select('collection')
        .where('api_master_id', '=', apiMasterId)
        .where('collection', '=', collection)
        .executeTakeFirst();
      return row !== undefined;
    },
    async listJson(apiMasterId, collection) {
      const rows = await inCollection(apiMasterId, collection)
        .select('data')
        .orderBy('created_at')
        .limit(MAX_LIST)
        .execute();
      return rows.map((r) => r.data);
    },
    async find(apiMasterId, collection, key) {
      const json = await findJson(apiMasterId, collection, key);
      return json === undefined ? undefined : JSON.parse(json);
    },
    findJson,
    async put(apiMasterId, collection, key, json) {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('sandbox_collections')
          .values({ api_master_id: apiMasterId, collection })
          .onConflict((oc) => oc.columns(['api_master_id', 'collection']).doNothing())
          .execute();
        await upsertWith(trx, apiMasterId, collection, key, json);
      });
    },
    upsert: (apiMasterId, collection, key, json) => upsertWith(db, apiMasterId, collection, key, json),
    async remove(apiMasterId, collection, key) {
      const deleted = await db
        .deleteFrom('sandbox_records')
        .where('api_master_id', '=', apiMasterId)
        .where('collection', '=', collection)
        .where('record_key', '=', key)
        .executeTakeFirst();
      return Number(deleted.numDeletedRows) > 0;
    },
  };
}
