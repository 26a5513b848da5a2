import type { Kysely } from 'kysely';

// Test data rows per endpoint, for its request or its response (spec §2 test-data dialog).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('test_data')
    .addColumn('endpoint_id', 'integer', (c) => c.notNull().references('endpoints.id').onDelete('cascade'))
    .addColumn('target', 'varchar(10)', (c) => c.notNull())
    .addColumn('rows', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('test_data_pk', ['endpoint_id', 'target'])
    .execute();
}
