import { PAGE_BYTES, type Records } from '@sandbox/engine/answer/records';
import { checkUsage, type StorageLimits, type Usage } from '@sandbox/engine/answer/storageLimits';
import { type Kysely, sql, type Transaction } from 'kysely';
import type pg from 'pg';
import { batched } from '../db/batches.js';
import type { Database } from '../db/schema.js';
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
const LISTED = `(api_master_id::text || ' ' || collection) = $1`;
const listingKey = (apiMasterId: number, collection: string) => `${apiMasterId} ${collection}`;

/**
 * Adds the changes in `delta` (api_master_id, shard, records, bytes; one row per API) to the APIs'
 * usage rows, in the statement that made them.
 */
const COUNTED = `
  INSERT INTO sandbox_usage (api_master_id, shard, records, bytes)
  SELECT api_master_id, shard, records, bytes FROM delta
  ON CONFLICT (api_master_id, shard) DO UPDATE
  SET records = sandbox_usage.records + excluded.records, bytes = sandbox_usage.bytes + excluded.bytes`;

/**
 * The statements of the sandbox's calls, written once, where Kysely would build and send the text of
 * each every time. Those that find rows by the values they are given are sent without a name: planned
 * at every call, with the tables as they are then (db/connection.ts says why).
 */
const LOOKUPS = {
  isStateful: 'SELECT 1 FROM sandbox_collections WHERE api_master_id = $1 AND collection = $2',
  // Records looked up together, each by its key: the data of each (null when absent), in their order.
  find: `
    SELECT r.data FROM unnest($1::integer[], $2::varchar[], $3::varchar[]) WITH ORDINALITY
      AS k (api_master_id, collection, record_key, n)
    LEFT JOIN sandbox_records AS r USING (api_master_id, collection, record_key)
    ORDER BY k.n`,
  // The page's records, then only those whose text, with the records before them, fits PAGE_BYTES
  // (the first always does); octet_length reads a stored text's size without reading the text.
  page: `
    SELECT data FROM (
      SELECT data, created_at, record_key,
             SUM(octet_length(data)) OVER (ORDER BY created_at, record_key) - octet_length(data) AS before
      FROM (
        SELECT data, created_at, record_key FROM sandbox_records WHERE ${LISTED}
        ORDER BY created_at, record_key LIMIT $2 OFFSET $3
      ) AS asked
    ) AS sized
    WHERE before = 0 OR before + octet_length(data) <= $4
    ORDER BY created_at, record_key`,
  count: `SELECT count(*) AS count FROM sandbox_records WHERE ${LISTED}`,
  // The record and its share of the usage go together.
  remove: `
    WITH gone AS (
      DELETE FROM sandbox_records WHERE api_master_id = $1 AND collection = $3 AND record_key = $4
      RETURNING octet_length(data) AS size
    ), delta AS (
      SELECT $1::integer AS api_master_id, $2::integer AS shard, -1 AS records, -size::bigint AS bytes FROM gone
    ), counted AS (${COUNTED})
    SELECT size FROM gone`,
} as const;

/**
 * Statements that store new rows, sent by name: PostgreSQL parses each once per connection (pg's
 * prepared statements) and keeps its plan, which cannot depend on the data: the rows come from the
 * parameters, and a conflict is found through the primary key whatever the tables hold.
 */
const INSERTS = {
  // New records of collections known to be stateful, stored and counted together (on one usage row of
  // each API): the keys of those stored, the others' being taken. No key comes twice in one batch.
  add: `
    WITH input AS (
      SELECT * FROM unnest($1::integer[], $2::varchar[], $3::varchar[], $4::text[], $5::varchar[], $6::bigint[])
        AS i (api_master_id, collection, record_key, data, created_at, bytes)
    ), saved AS (
      INSERT INTO sandbox_records (api_master_id, collection, record_key, data, created_at)
      SELECT api_master_id, collection, record_key, data, created_at FROM input
      ON CONFLICT (api_master_id, collection, record_key) DO NOTHING
      RETURNING api_master_id, collection, record_key
    ), delta AS (
      SELECT api_master_id, $7::integer AS shard, count(*) AS records, sum(bytes) AS bytes
      FROM saved JOIN input USING (api_master_id, collection, record_key)
      GROUP BY api_master_id
    ), counted AS (${COUNTED})
    SELECT api_master_id, collection, record_key FROM saved`,
  // A new record, stored and counted, its collection marked stateful: false when the key is taken.
  addAndMark: `
    WITH saved AS (
      INSERT INTO sandbox_records (api_master_id, collection, record_key, data, created_at)
      VALUES ($1, $3, $4, $5, $6)
      ON CONFLICT (api_master_id, collection, record_key) DO NOTHING
      RETURNING 1
    ), marked AS (
      INSERT INTO sandbox_collections (api_master_id, collection)
      SELECT $1::integer, $3::varchar FROM saved
      ON CONFLICT DO NOTHING
    ), delta AS (SELECT $1::integer AS api_master_id, $2::integer AS shard, 1 AS records, $7::bigint AS bytes FROM saved)
    ${COUNTED}
    RETURNING 1`,
} as const;

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
 * Batches of lookups or of new records (db/batches.ts), of at most 200 calls and, for new records,
 * 1 MB of them. Per instance, two batches of lookups at the database at once, and one of new records:
 * a batch of new records waits for its commit's flush to disk, and the records that arrive meanwhile
 * go together in the next. With two at once, batches were half as large, and a POST cost the
 * database and the instance a quarter more (a batch's round trip, commit and usage row are shared by
 * its records).
 */
const LOOKUPS_IN_FLIGHT = 2;
const INSERTS_IN_FLIGHT = 1;
const MAX_CALLS = 200;
const BATCH_BYTES = 1024 * 1024;

/** Starting records written per statement: five parameters each, well under PostgreSQL's 65,535. */
const SEED_CHUNK = 1000;

interface RecordKey {
  apiMasterId: number;
  collection: string;
  key: string;
}

interface NewRecord extends RecordKey {
  json: string;
  createdAt: string;
  bytes: number;
}

const identity = (record: RecordKey) => `${record.apiMasterId}\u0000${record.collection}\u0000${record.key}`;

/** A batch's inputs as one array per field, in order: what `unnest` turns back into rows. */
function columnsOf<T, K extends keyof T>(rows: T[], fields: readonly K[]): T[K][][] {
  return fields.map((field) => rows.map((row) => row[field]));
}

/**
 * Records on a database that several instances share. Each write adds its exact change (the size of
 * the record it replaced, read under that record's lock) to the API's usage in the same transaction,
 * so the usage is the records' own count and size, on every instance. A write is checked against the
 * usage as this instance last read it (see usageEstimate.ts): writes to one API at the same moment
 * may together pass a limit by what they add, and each write after them is refused.
 */
export function postgresRecords(
  db: { kysely: Kysely<Database>; pool: pg.Pool },
  limits: StorageLimits,
): Records {
  const runLookup = async <Row extends pg.QueryResultRow>(
    statement: keyof typeof LOOKUPS,
    values: unknown[],
  ) => (await db.pool.query<Row>({ text: LOOKUPS[statement], values })).rows;
  const runInsert = async <Row extends pg.QueryResultRow>(name: keyof typeof INSERTS, values: unknown[]) =>
    (await db.pool.query<Row>({ name, text: INSERTS[name], values })).rows;
  const estimate = createUsageEstimate((apiMasterId) => usageOf(db.kysely, apiMasterId), limits);
  const lookUp = batched(
    async (keys: RecordKey[]) =>
      (
        await runLookup<{ data: string | null }>(
          'find',
          columnsOf(keys, ['apiMasterId', 'collection', 'key']),
        )
      ).map((row) => row.data ?? undefined),
    { inFlight: LOOKUPS_IN_FLIGHT, maxCalls: MAX_CALLS },
  );
  const findJson = (apiMasterId: number, collection: string, key: string) =>
    lookUp({ apiMasterId, collection, key });

  const insert = batched(
    async (records: NewRecord[]) => {
      // a key met twice is stored once, and its second call told it is taken (it then replaces it)
      const first = new Map<string, NewRecord>();
      for (const record of records) if (!first.has(identity(record))) first.set(identity(record), record);
      const unique = [...first.values()];
      const columns = ['apiMasterId', 'collection', 'key', 'json', 'createdAt', 'bytes'] as const;
      const saved = await runInsert<{ api_master_id: number; collection: string; record_key: string }>(
        'add',
        [...columnsOf(unique, columns), aShard()],
      );
      const stored = new Set(
        saved.map((row) =>
          identity({ apiMasterId: row.api_master_id, collection: row.collection, key: row.record_key }),
        ),
      );
      return records.map((record) => first.get(identity(record)) === record && stored.has(identity(record)));
    },
    {
      inFlight: INSERTS_IN_FLIGHT,
      maxCalls: MAX_CALLS,
      maxWeight: BATCH_BYTES,
      weigh: (record) => record.bytes,
    },
  );

  /**
   * A new record, stored and counted in one statement (and its collection marked stateful when
   * `mark`): most writes are POSTs of new records, and this is all they cost. False when the key is
   * taken or a limit is in the way.
   */
  async function add(apiMasterId: number, collection: string, key: string, json: string, mark: boolean) {
    const bytes = Buffer.byteLength(json);
    if (!(await estimate.allows(apiMasterId, { records: 1, bytes }))) return false;
    const createdAt = new Date().toISOString();
    const added = mark
      ? (await runInsert('addAndMark', [apiMasterId, aShard(), collection, key, json, createdAt, bytes]))
          .length > 0
      : await insert({ apiMasterId, collection, key, json, createdAt, bytes });
    if (!added) return false;
    estimate.note(apiMasterId, { records: 1, bytes });
    return true;
  }

  /** Replaces a record (or adds one `add` could not): the old size read under the record's lock. */
  async function replace(apiMasterId: number, collection: string, key: string, json: string, mark: boolean) {
    const bytes = Buffer.byteLength(json);
    const record = { api_master_id: apiMasterId, collection, record_key: key };
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      const written = await db.kysely.transaction().execute(async (trx) => {
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
      return (await runLookup('isStateful', [apiMasterId, collection])).length > 0;
    },
    async listJson(apiMasterId, collection, { offset, limit }) {
      const listed = listingKey(apiMasterId, collection);
      const [rows, [{ count }]] = await Promise.all([
        runLookup<{ data: string }>('page', [listed, limit, offset, PAGE_BYTES]),
        runLookup<{ count: string }>('count', [listed]),
      ]);
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
      const rows = await runLookup<{ size: number }>('remove', [apiMasterId, aShard(), collection, key]);
      if (rows.length === 0) return false;
      estimate.note(apiMasterId, { records: -1, bytes: -rows[0].size });
      return true;
    },
    async seed(apiMasterId, collection, records) {
      const added = {
        records: records.length,
        bytes: records.reduce((sum, [, json]) => sum + Buffer.byteLength(json), 0),
      };
      const seeded = await db.kysely.transaction().execute(async (trx) => {
        const marked = await trx
          .insertInto('sandbox_collections')
          .values({ api_master_id: apiMasterId, collection })
          .onConflict((oc) => oc.columns(['api_master_id', 'collection']).doNothing())
          .returning('collection')
          .executeTakeFirst();
        // stateful already: another write came first, and the collection holds what it holds
        if (!marked) return false;
        checkUsage(await usageOf(trx, apiMasterId), added, limits);
        // a list orders by creation time, then key: each record its own millisecond, in their order
        const first = Date.now() - records.length;
        for (let start = 0; start < records.length; start += SEED_CHUNK) {
          const rows = records.slice(start, start + SEED_CHUNK).map(([key, json], i) => ({
            api_master_id: apiMasterId,
            collection,
            record_key: key,
            data: json,
            created_at: new Date(first + start + i).toISOString(),
          }));
          await trx.insertInto('sandbox_records').values(rows).execute();
        }
        await addToUsage(trx, apiMasterId, added);
        return true;
      });
      if (seeded) estimate.note(apiMasterId, added);
    },
  };
}
