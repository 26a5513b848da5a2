import type { Kysely } from 'kysely';
import type { Dialect } from '../connection.js';
import { idColumn } from './columns.js';

// The sandbox's state: records of linked endpoints' collections, and the access tokens of each API.
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('sandbox_records')
    .addColumn('api_master_id', 'integer', (c) =>
      c.notNull().references('api_masters.id').onDelete('cascade'),
    )
    .addColumn('collection', 'varchar(300)', (c) => c.notNull())
    .addColumn('record_key', 'varchar(300)', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('sandbox_records_pk', ['api_master_id', 'collection', 'record_key'])
    .execute();

  // A collection becomes stateful with its first stored record, and stays so after deletions.
  await db.schema
    .createTable('sandbox_collections')
    .addColumn('api_master_id', 'integer', (c) =>
      c.notNull().references('api_masters.id').onDelete('cascade'),
    )
    .addColumn('collection', 'varchar(300)', (c) => c.notNull())
    .addPrimaryKeyConstraint('sandbox_collections_pk', ['api_master_id', 'collection'])
    .execute();

  await idColumn(db.schema.createTable('api_tokens'), dialect)
    .addColumn('api_master_id', 'integer', (c) =>
      c.notNull().references('api_masters.id').onDelete('cascade'),
    )
    .addColumn('token', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('api_tokens_api_master_id').on('api_tokens').column('api_master_id').execute();
}
