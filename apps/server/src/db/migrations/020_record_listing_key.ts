import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../connection.js';

/**
 * On PostgreSQL, a collection's listing index is keyed on one expression of the API and the
 * collection (the one `postgresRecords` lists by), no longer on the two columns that lead the primary
 * key. Keyed on the same columns, the two indexes looked alike to the planner whenever its statistics
 * did not yet know the collection (a fresh table, a new API's first thousands of records), and it took
 * the listing index for a lookup by key: every GET, PUT or DELETE of one record read the whole
 * collection. Now a lookup can only use the primary key, and a list only this index. The order of
 * a list gains the record key, so a page is read in the index's order, ties included. SQLite's
 * planner takes the primary key for a lookup on all its columns whatever it knows: unchanged there.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  await db.schema.dropIndex('sandbox_records_listing').execute();
  await sql`
    CREATE INDEX sandbox_records_listing
    ON sandbox_records ((api_master_id::text || ' ' || collection), created_at, record_key)
  `.execute(db);
}
