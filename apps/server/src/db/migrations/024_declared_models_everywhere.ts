import type { Kysely } from 'kysely';
import type { Dialect } from '../connection.js';
import type { MigrationDeps } from '../migrationDeps.js';
import type { Database } from '../schema.js';

// Every endpoint has its declared operation and every API its declared schemas, so that no reader
// needs another source. Migration 022 gave theirs to APIs kept as rows alone; some were still left
// without declared schemas: one imported after operations were kept and before schemas were, and one
// imported or re-imported from a document that names no schemas (until this release, none was kept
// for it). Each is given its model as 022 gives it, from its rows; what has a model keeps it.
export async function up(db: Kysely<unknown>, _dialect: Dialect, deps: MigrationDeps): Promise<void> {
  await deps.declareFromRows(db as Kysely<Database>);
}
