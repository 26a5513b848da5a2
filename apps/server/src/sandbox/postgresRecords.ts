import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { PAGE_BYTES, type Records } from './records.js';
import { checkUsage, type StorageLimits, type Usage } from './storageLimits.js';
import { createUsageEstimate } from './usageEstimate.js';

type Reader = Kysely<Database> | Transaction<Database>;

/**
 * Rows one API's usage is spread over. A counter row's lock is held until its transaction commits
 * (a disk flush): with one row per API, its writes would follow one another at a few hundred a
 * second; a change added to one of 32 rows at random lets them commit side by side.
 */
const SHARDS = 32;
const aShard = () => Math.floor(Math.random() * SHARDS);

/** A stubborn race (a record created and deleted over and over as it is written) fails the write. */
const ATTEMPTS = 5;

/**
 * A collection's records, as its listing index is keyed (migration 020): a list states only this, a
 * lookup only the primary key's columns, so that each can use its own index and nothing else.
 */
const listed = (apiMasterId: number, collection: string) =>
  sql`(api_master_id::text || ' ' || collection) = ${`${apiMasterId} ${collection}`}`;

async function usageOf(db: Reader, apiMasterId: number): Promise<Usage> {
  const row = await db
    .selectFrom('sandbox_usage')
    .select([
      sql<string>`coalesce(sum(records), 0)`.as('records'),
      sql<string>`coalesce(sum(bytes), 0)`.as('bytes'),
    ])
    .where('api_master_id', '=', apiMasterId)
    .executeTakeFirstOrThrow();
  // sums of integers reach JavaScript as text
  return { records: Number(row.records), bytes: Number(row.bytes) };
}

/** Adds a change of the API's usage to one of its rows, in the transaction that made it. */
async function addToUsage(trx: Transaction<Database>, apiMasterId: number, delta: Usage): Promise<void> {
  await trx
    .insertInto('sandbox_usage')
    .values({ api_master_id: apiMasterId, shard: aShard(), records: delta.records, bytes: delta.bytes })
    .onConflict((oc) =>
      oc.columns(['api_master_id', 'shard']).doUpdateSet({
        records: sql`sandbox_usage.records + excluded.records`,
        bytes: sql`sandbox_usage.bytes + excluded.bytes`,
      }),
    )
    .execute();
}

/**
 * Records on a database that several instances share. Each write adds its exact change (the size of
 * the record it replaced, read under that record's lock) to the API's usage in the same transaction,
 * so the usage is the records' own count and size, on every instance. A write is checked against the
 * usage as this instance last read it (see usageEstimate.ts): writes to one API at the same moment
 * may together pass a limit by what they add, and each write after them is refused.
 */
export function postgresRecords(db: Kysely<Database>, limits: StorageLimits): Records {
  const estimate = createUsageEstimate((apiMasterId) => usageOf(db, apiMasterId), limits);
  const findJson = async (apiMasterId: number, collection: string, key: string) => {
    const row = await db
      .selectFrom('sandbox_records')
      .select('data')
      .where('api_master_id', '=', apiMasterId)
      .where('collection', '=', collection)
      .where('record_key', '=', key)
      .executeTakeFirst();
    return row?.data;
  };

  /**
   * A new record, stored and counted in one statement (and its collection marked stateful when
   * `mark`): most writes are POSTs of new records, and this is all they cost. False when the key is
   * taken or a limit is in the way.
   */
  async function add(apiMasterId: number, collection: string, key: string, json: string, mark: boolean) {
    const bytes = Buffer.byteLength(json);
    if (!(await estimate.allows(apiMasterId, { records: 1, bytes }))) return false;
    const marked = mark
      ? sql`, marked AS (
          INSERT INTO sandbox_collections (api_master_id, collection)
          SELECT ${apiMasterId}::integer, ${collection}::varchar FROM saved
          ON CONFLICT DO NOTHING
        )`
      : sql``;
    const { rows } = await sql<{ added: number }>`
      WITH saved AS (
        INSERT INTO sandbox_records (api_master_id, collection, record_key, data, created_at)
        VALUES (${apiMasterId}, ${collection}, ${key}, ${json}, ${new Date().toISOString()})
        ON CONFLICT (api_master_id, collection, record_key) DO NOTHING
        RETURNING 1
      )${marked}
      INSERT INTO sandbox_usage (api_master_id, shard, records, bytes)
      SELECT ${apiMasterId}::integer, ${aShard()}::integer, 1, ${bytes}::bigint FROM saved
      ON CONFLICT (api_master_id, shard) DO UPDATE
      SET records = sandbox_usage.records + excluded.records, bytes = sandbox_usage.bytes + excluded.bytes
      RETURNING 1 AS added`.execute(db);
    if (rows.length === 0) return false;
    estimate.note(apiMasterId, { records: 1, bytes });
    return true;
  }

  /** Replaces a record (or adds one `add` could not): the old size read under the record's lock. */
  async function replace(apiMasterId: number, collection: string, key: string, json: string, mark: boolean) {
    const bytes = Buffer.byteLength(json);
    const record = { api_master_id: apiMasterId, collection, record_key: key };
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      const written = await db.transaction().execute(async (trx) => {
        const old = await trx
          .selectFrom('sandbox_records')
          .select(sql<string>`octet_length(data)`.as('size'))
          .where('api_master_id', '=', apiMasterId)
          .where('collection', '=', collection)
          .where('record_key', '=', key)
          .forUpdate()
          .executeTakeFirst();
        const delta = old ? { records: 0, bytes: bytes - Number(old.size) } : { records: 1, bytes };
        checkUsage(await usageOf(trx, apiMasterId), delta, limits);
        if (old) {
          await trx
            .updateTable('sandbox_records')
            .set({ data: json })
            .where('api_master_id', '=', apiMasterId)
            .where('collection', '=', collection)
            .where('record_key', '=', key)
            .execute();
        } else {
          const inserted = await trx
            .insertInto('sandbox_records')
            .values({ ...record, data: json, created_at: new Date().toISOString() })
            .onConflict((oc) => oc.columns(['api_master_id', 'collection', 'record_key']).doNothing())
            .returning('record_key')
            .executeTakeFirst();
          // created meanwhile by another write: its size is read on the next attempt
          if (!inserted) return false;
        }
        if (mark) {
          await trx
            .insertInto('sandbox_collections')
            .values({ api_master_id: apiMasterId, collection })
            .onConflict((oc) => oc.columns(['api_master_id', 'collection']).doNothing())
            .execute();
        }
        await addToUsage(trx, apiMasterId, delta);
        return delta;
      });
      if (written) return estimate.note(apiMasterId, written);
    }
    throw new Error(`Record ${key} of ${collection} kept changing while it was written`);
  }

  const store = async (apiMasterId: number, collection: string, key: string, json: string, mark: boolean) => {
    if (!(await add(apiMasterId, collection, key, json, mark)))
      await replace(apiMasterId, collection, key, json, mark);
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
    async listJson(apiMasterId, collection, { offset, limit }) {
      // The page's records, then only those whose text, with the records before them, fits PAGE_BYTES
      // (the first always does); octet_length reads a stored text's size without reading the text.
      const page = sql<{ data: string }>`
        SELECT data FROM (
          SELECT data, created_at, record_key,
                 SUM(octet_length(data)) OVER (ORDER BY created_at, record_key) - octet_length(data) AS before
          FROM (
            SELECT data, created_at, record_key FROM sandbox_records
            WHERE ${listed(apiMasterId, collection)}
            ORDER BY created_at, record_key LIMIT ${limit} OFFSET ${offset}
          ) AS asked
        ) AS sized
        WHERE before = 0 OR before + octet_length(data) <= ${PAGE_BYTES}
        ORDER BY created_at, record_key`.execute(db);
      const total = sql<{ count: string }>`
        SELECT count(*) FROM sandbox_records WHERE ${listed(apiMasterId, collection)}`.execute(db);
      const [{ rows }, counted] = await Promise.all([page, total]);
      const { count } = counted.rows[0];
      return { texts: rows.map((r) => r.data), total: Number(count) };
    },
    async find(apiMasterId, collection, key) {
      const json = await findJson(apiMasterId, collection, key);
      return json === undefined ? undefined : JSON.parse(json);
    },
    findJson,
    put: (apiMasterId, collection, key, json) => store(apiMasterId, collection, key, json, true),
    upsert: (apiMasterId, collection, key, json) => store(apiMasterId, collection, key, json, false),
    async remove(apiMasterId, collection, key) {
      // the record and its share of the usage go together, in one statement
      const { rows } = await sql<{ size: number }>`
        WITH gone AS (
          DELETE FROM sandbox_records
          WHERE api_master_id = ${apiMasterId} AND collection = ${collection} AND record_key = ${key}
          RETURNING octet_length(data) AS size
        ), counted AS (
          INSERT INTO sandbox_usage (api_master_id, shard, records, bytes)
          SELECT ${apiMasterId}::integer, ${aShard()}::integer, -1, -size FROM gone
          ON CONFLICT (api_master_id, shard) DO UPDATE
          SET records = sandbox_usage.records + excluded.records, bytes = sandbox_usage.bytes + excluded.bytes
        )
        SELECT size FROM gone`.execute(db);
      if (rows.length === 0) return false;
      estimate.note(apiMasterId, { records: -1, bytes: -rows[0].size });
      return true;
    },
  };
}
