import { type Kysely, sql } from 'kysely';

// What each API's sandbox records take, kept beside them so a write checks the API's limits
// (SANDBOX_MAX_RECORDS, SANDBOX_MAX_BYTES) by reading a few rows, not by counting every record. An
// API's usage is the sum of its rows: instances sharing PostgreSQL add each write's change to one of
// several rows (shards), so concurrent writes to one API do not all wait for one row's lock.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sandbox_usage')
    .addColumn('api_master_id', 'integer', (c) =>
      c.notNull().references('api_masters.id').onDelete('cascade'),
    )
    .addColumn('shard', 'integer', (c) => c.notNull())
    .addColumn('records', 'integer', (c) => c.notNull())
    .addColumn('bytes', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('sandbox_usage_pk', ['api_master_id', 'shard'])
    .execute();
  await sql`
    INSERT INTO sandbox_usage (api_master_id, shard, records, bytes)
    SELECT api_master_id, 0, count(*), sum(octet_length(data)) FROM sandbox_records GROUP BY api_master_id
  `.execute(db);
}
