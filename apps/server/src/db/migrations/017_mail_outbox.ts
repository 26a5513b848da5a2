import type { Kysely } from 'kysely';
import type { Dialect } from '../connection.js';
import { idColumn } from './columns.js';

// Mails waiting for the SMTP server: written in the request that asks for them, sent by a worker that
// retries with back-off while SMTP is down. A row leaves once its mail is sent; one that never goes
// stays, with `failed_at` and the last error, for an operator to read.
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await idColumn(db.schema.createTable('mail_outbox'), dialect)
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('failed_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('mail_outbox_due')
    .on('mail_outbox')
    .columns(['failed_at', 'next_attempt_at'])
    .execute();
}
