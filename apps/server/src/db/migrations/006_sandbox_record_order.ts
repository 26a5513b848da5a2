import type { Kysely } from 'kysely';

// A collection is listed oldest first: without this index every list sorted the whole collection.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('sandbox_records_listing')
    .on('sandbox_records')
    .columns(['api_master_id', 'collection', 'created_at'])
    .execute();
}
