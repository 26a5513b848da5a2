import { type Kysely, sql } from 'kysely';

// What each API's sandbox records take, kept beside them so a write checks the API's limits
// (SANDBOX_MAX_RECORDS, SANDBOX_MAX_BYTES) by reading one row, not by counting every record.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sandbox_usage')
    .addColumn('api_master_id', 'integer', (c) =>
      c.primaryKey().references('api_masters.id').onDelete('cascade'),
    )
    .addColumn('records', 'integer', (c) => c.notNull())
    .addColumn('bytes', 'bigint', (c) => c.notNull())
    .execute();
  await sql`
    INSERT INTO sandbox_usage (api_master_id, records, bytes)
    SELECT api_master_id, count(*), sum(octet_length(data)) FROM sandbox_records GROUP BY api_master_id
  `.execute(db);
}
