import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { PAGE_BYTES, type Records } from './records.js';
import { checkUsage, type StorageLimits, type Usage } from './storageLimits.js';

type Writer = Kysely<Database> | Transaction<Database>;

async function lockUsage(trx: Transaction<Database>, apiMasterId: number): Promise<Usage | undefined> {
  const row = await trx
    .selectFrom('sandbox_usage')
    .select(['records', 'bytes'])
    .where('api_master_id', '=', apiMasterId)
    .forUpdate()
    .executeTakeFirst();
  // bigint columns reach JavaScript as text
  return row && { records: Number(row.records), bytes: Number(row.bytes) };
}

async function charge(trx: Transaction<Database>, apiMasterId: number, delta: Usage): Promise<void> {
  await trx
    .updateTable('sandbox_usage')
    .set({ records: sql`records + ${delta.records}`, bytes: sql`bytes + ${delta.bytes}` })
    .where('api_master_id', '=', apiMasterId)
    .execute();
}

async function upsertWith(db: Writer, apiMasterId: number, collection: string, key: string, data: string) {
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

/**
 * Records on a database that several instances share. Every write to an API first locks the API's
 * row of `sandbox_usage`: writes to one API then follow one another on every instance, so each reads
 * the size of the record it replaces as it is, and no two can both take the last place. The lock is
 * always taken first, so two writes never wait for each other crosswise.
 */
export function postgresRecords(db: Kysely<Database>, limits: StorageLimits): Records {
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

  function underUsage<T>(
    apiMasterId: number,
    work: (trx: Transaction<Database>, usage: Usage) => Promise<T>,
  ) {
    return db.transaction().execute(async (trx) => {
      let usage = await lockUsage(trx, apiMasterId);
      if (!usage) {
        await trx
          .insertInto('sandbox_usage')
          .values({ api_master_id: apiMasterId, records: 0, bytes: 0 })
          .onConflict((oc) => oc.column('api_master_id').doNothing())
          .execute();
        usage = (await lockUsage(trx, apiMasterId)) as Usage;
      }
      return work(trx, usage);
    });
  }

  const store = (apiMasterId: number, collection: string, key: string, json: string, mark: boolean) =>
    underUsage(apiMasterId, async (trx, usage) => {
      const old = await trx
        .selectFrom('sandbox_records')
        .select(sql<string>`octet_length(data)`.as('size'))
        .where('api_master_id', '=', apiMasterId)
        .where('collection', '=', collection)
        .where('record_key', '=', key)
        .executeTakeFirst();
      const delta = { records: old ? 0 : 1, bytes: Buffer.byteLength(json) - Number(old?.size ?? 0) };
      checkUsage(usage, delta, limits);
      await upsertWith(trx, apiMasterId, collection, key, json);
      if (mark) {
        await trx
          .insertInto('sandbox_collections')
          .values({ api_master_id: apiMasterId, collection })
          .onConflict((oc) => oc.columns(['api_master_id', 'collection']).doNothing())
          .execute();
      }
      await charge(trx, apiMasterId, delta);
    });

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
            WHERE api_master_id = ${apiMasterId} AND collection = ${collection}
            ORDER BY created_at, record_key LIMIT ${limit} OFFSET ${offset}
          ) AS asked
        ) AS sized
        WHERE before = 0 OR before + octet_length(data) <= ${PAGE_BYTES}
        ORDER BY created_at, record_key`.execute(db);
      const total = inCollection(apiMasterId, collection)
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .executeTakeFirstOrThrow();
      const [{ rows }, { count }] = await Promise.all([page, total]);
      return { texts: rows.map((r) => r.data), total: Number(count) };
    },
    async find(apiMasterId, collection, key) {
      const json = await findJson(apiMasterId, collection, key);
      return json === undefined ? undefined : JSON.parse(json);
    },
    findJson,
    put: (apiMasterId, collection, key, json) => store(apiMasterId, collection, key, json, true),
    upsert: (apiMasterId, collection, key, json) => store(apiMasterId, collection, key, json, false),
    remove: (apiMasterId, collection, key) =>
      underUsage(apiMasterId, async (trx) => {
        const gone = await trx
          .deleteFrom('sandbox_records')
          .where('api_master_id', '=', apiMasterId)
          .where('collection', '=', collection)
          .where('record_key', '=', key)
          .returning(sql<string>`octet_length(data)`.as('size'))
          .executeTakeFirst();
        if (!gone) return false;
        await charge(trx, apiMasterId, { records: -1, bytes: -Number(gone.size) });
        return true;
      }),
  };
}
