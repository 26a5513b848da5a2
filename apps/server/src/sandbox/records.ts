import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export type SandboxRecord = Record<string, unknown>;

/** The records of linked endpoints' collections, kept in the database so every instance shares them. */
export function createRecordStore(db: Kysely<Database>) {
  const inCollection = (apiMasterId: number, collection: string) =>
    db
      .selectFrom('sandbox_records')
      .where('api_master_id', '=', apiMasterId)
      .where('collection', '=', collection);

  return {
    async isStateful(apiMasterId: number, collection: string): Promise<boolean> {
      const row = await db
        .selectFrom('sandbox_collections')
        .select('collection')
        .where('api_master_id', '=', apiMasterId)
        .where('collection', '=', collection)
        .executeTakeFirst();
      return row !== undefined;
    },

    async list(apiMasterId: number, collection: string, limit = 1000): Promise<SandboxRecord[]> {
      const rows = await inCollection(apiMasterId, collection)
        .select('data')
        .orderBy('created_at')
        .limit(limit)
        .execute();
      return rows.map((r) => JSON.parse(r.data));
    },

    async find(apiMasterId: number, collection: string, key: string): Promise<SandboxRecord | undefined> {
      const row = await inCollection(apiMasterId, collection)
        .select('data')
        .where('record_key', '=', key)
        .executeTakeFirst();
      return row && JSON.parse(row.data);
    },

    /** Inserts or replaces the record under its key. */
    async put(apiMasterId: number, collection: string, key: string, record: SandboxRecord): Promise<void> {
      const data = JSON.stringify(record);
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('sandbox_collections')
          .values({ api_master_id: apiMasterId, collection })
          .onConflict((oc) => oc.columns(['api_master_id', 'collection']).doNothing())
          .execute();
        await trx
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
      });
    },

    async remove(apiMasterId: number, collection: string, key: string): Promise<boolean> {
      const result = await db
        .deleteFrom('sandbox_records')
        .where('api_master_id', '=', apiMasterId)
        .where('collection', '=', collection)
        .where('record_key', '=', key)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export type RecordStore = ReturnType<typeof createRecordStore>;
