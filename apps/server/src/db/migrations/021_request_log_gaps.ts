import type { Kysely } from 'kysely';
import type { Dialect } from '../connection.js';
import { idColumn } from './columns.js';

// What the request log left out: an API called faster than its log keeps has the calls past each
// batch's share dropped, and each batch that dropped some writes one row, at the arrival of the last
// call it left out, so the Requests screen shows the gap where it happened. Pruned with the log.
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await idColumn(db.schema.createTable('request_log_gaps'), dialect)
    .addColumn('api_master_id', 'integer', (c) =>
      c.notNull().references('api_masters.id').onDelete('cascade'),
    )
    .addColumn('at', 'varchar(32)', (c) => c.notNull())
    .addColumn('calls', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('request_log_gaps_api_at')
    .on('request_log_gaps')
    .columns(['api_master_id', 'at'])
    .execute();
}
