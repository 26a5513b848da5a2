import type { Kysely } from 'kysely';
import type { Dialect } from '../connection.js';
import { idColumn } from './columns.js';

// The API catalog (spec §3): APIs of a team, their endpoints, parameters, bodies, responses and schemas.
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await idColumn(db.schema.createTable('api_masters'), dialect)
    .addColumn('team_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('version', 'varchar(10)', (c) => c.notNull())
    .addColumn('description', 'varchar(100)', (c) => c.notNull())
    .addColumn('is_auth_required', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_published', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sandbox_key', 'varchar(40)', (c) => c.unique())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('api_masters_team_id').on('api_masters').column('team_id').execute();

  await idColumn(db.schema.createTable('endpoints'), dialect)
    .addColumn('api_master_id', 'integer', (c) =>
      c.notNull().references('api_masters.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('tag', 'varchar(200)', (c) => c.notNull())
    .addColumn('method', 'varchar(10)', (c) => c.notNull())
    .addColumn('path', 'varchar(2000)', (c) => c.notNull())
    .addColumn('summary', 'text')
    .addColumn('operation_id', 'varchar(300)')
    .addColumn('get_api_id', 'varchar(2000)')
    .addColumn('post_api_id', 'varchar(2000)')
    .addColumn('put_api_id', 'varchar(2000)')
    .addColumn('patch_api_id', 'varchar(2000)')
    .addColumn('delete_api_id', 'varchar(2000)')
    .execute();
  await db.schema.createIndex('endpoints_api_master_id').on('endpoints').column('api_master_id').execute();

  // Path, query and header parameters; `spec` holds the JSON of their type constraints.
  await idColumn(db.schema.createTable('endpoint_parameters'), dialect)
    .addColumn('endpoint_id', 'integer', (c) => c.notNull().references('endpoints.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('location', 'varchar(10)', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('parameter_type', 'varchar(50)', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('is_required', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('spec', 'text', (c) => c.notNull())
    .addColumn('config_parameter_id', 'integer')
    .execute();
  await db.schema
    .createIndex('endpoint_parameters_endpoint_id')
    .on('endpoint_parameters')
    .column('endpoint_id')
    .execute();

  await idColumn(db.schema.createTable('endpoint_requests'), dialect)
    .addColumn('endpoint_id', 'integer', (c) => c.notNull().references('endpoints.id').onDelete('cascade'))
    .addColumn('content_type', 'varchar(200)', (c) => c.notNull())
    .addColumn('schema_name', 'varchar(300)')
    .addColumn('is_required', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('endpoint_requests_endpoint_id')
    .on('endpoint_requests')
    .column('endpoint_id')
    .execute();

  await idColumn(db.schema.createTable('endpoint_responses'), dialect)
    .addColumn('endpoint_id', 'integer', (c) => c.notNull().references('endpoints.id').onDelete('cascade'))
    .addColumn('code', 'varchar(10)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('schema_name', 'varchar(300)')
    .addColumn('content_type', 'varchar(200)')
    .addColumn('example', 'text')
    .execute();
  await db.schema
    .createIndex('endpoint_responses_endpoint_id')
    .on('endpoint_responses')
    .column('endpoint_id')
    .execute();

  // A named schema; `definition` is its JSON without the properties, which get rows of their own.
  await idColumn(db.schema.createTable('schemas'), dialect)
    .addColumn('api_master_id', 'integer', (c) =>
      c.notNull().references('api_masters.id').onDelete('cascade'),
    )
    .addColumn('name', 'varchar(300)', (c) => c.notNull())
    .addColumn('definition', 'text', (c) => c.notNull())
    .addUniqueConstraint('schemas_api_master_id_name', ['api_master_id', 'name'])
    .execute();

  // Body properties, nested through parent_id; `definition` is the JSON of the property's fields.
  await idColumn(db.schema.createTable('body_properties'), dialect)
    .addColumn('schema_id', 'integer', (c) => c.notNull().references('schemas.id').onDelete('cascade'))
    .addColumn('parent_id', 'integer', (c) => c.references('body_properties.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('json_key', 'varchar(300)', (c) => c.notNull())
    .addColumn('definition', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('body_properties_schema_id')
    .on('body_properties')
    .column('schema_id')
    .execute();
}
