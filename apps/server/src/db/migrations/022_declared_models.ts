import type { Kysely } from 'kysely';
import type { Dialect } from '../connection.js';
import type { MigrationDeps } from '../migrationDeps.js';
import type { Database } from '../schema.js';

// Every API answers and exports from its model (declared operations and schemas). Those an older
// release kept as rows alone (designed in the product, or imported before operations were kept) are
// given theirs, written from their rows as the catalog's export writes them. The API catalog owns that
// writing (apps/server/src/apis/declareFromRows.ts) and is handed in, since the database imports no
// capability; it reads the catalog's tables through today's store, so a later migration that changes
// those tables must keep this one able to read them as they were.
export async function up(db: Kysely<unknown>, _dialect: Dialect, deps: MigrationDeps): Promise<void> {
  await deps.declareFromRows(db as Kysely<Database>);
}
