import type { Kysely } from 'kysely';
import type { Dialect } from '../connection.js';
import { idColumn } from './columns.js';

// The sandbox's request log: what each call to a deployed API carried and was answered, kept per API
// up to a count and an age (REQUEST_LOG_ENTRIES, REQUEST_LOG_DAYS) and gone with the API. Headers and
// problems are JSON; bodies are cut to a limit before they are written. Read newest first per API,
// and pruned per API from the oldest: one index on (api, id) serves both.
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await idColumn(db.schema.createTable('request_log'), dialect)
    .addColumn('api_master_id', 'integer', (c) =>
      c.notNull().references('api_masters.id').onDelete('cascade'),
    )
    .addColumn('at', 'varchar(32)', (c) => c.notNull())
    .addColumn('method', 'varchar(16)', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('query', 'text', (c) => c.notNull())
    .addColumn('request_headers', 'text', (c) => c.notNull())
    .addColumn('request_body', 'text')
    .addColumn('request_body_truncated', 'integer', (c) => c.notNull())
    // no reference: an endpoint removed later leaves its calls in the log
    .addColumn('endpoint_id', 'integer')
    .addColumn('endpoint', 'text')
    .addColumn('unmatched', 'text')
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('response_headers', 'text', (c) => c.notNull())
    .addColumn('response_body', 'text')
    .addColumn('response_body_truncated', 'integer', (c) => c.notNull())
    .addColumn('duration_ms', 'double precision', (c) => c.notNull())
    .addColumn('problems', 'text', (c) => c.notNull())
    .addColumn('source', 'varchar(16)', (c) => c.notNull())
    .addColumn('simulated', 'text')
    .execute();
  await db.schema
    .createIndex('request_log_api_id')
    .on('request_log')
    .columns(['api_master_id', 'id'])
    .execute();
}
