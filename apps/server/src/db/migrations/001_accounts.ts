import type { Kysely } from 'kysely';
import type { Dialect } from '../connection.js';
import { idColumn } from './columns.js';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await idColumn(db.schema.createTable('users'), dialect)
    .addColumn('first_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('last_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('username', 'varchar(50)', (c) => c.notNull())
    .addColumn('username_key', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text')
    .addColumn('role_id', 'integer', (c) => c.notNull())
    .addColumn('parent_user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('is_verified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_newsletter_subscribed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('verified_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_parent_user_id').on('users').column('parent_user_id').execute();

  await db.schema
    .createTable('verification_tokens')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('verification_tokens_user_id')
    .on('verification_tokens')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'varchar(300)', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('window_started_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}
