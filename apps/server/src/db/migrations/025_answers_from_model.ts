import type { Kysely } from 'kysely';
import type { Dialect } from '../connection.js';
import type { MigrationDeps } from '../migrationDeps.js';
import type { Database } from '../schema.js';

// The sandbox answers from each API's model alone. What it read of the catalog's rows besides the
// model (the Params form's mapping of a path parameter to a record field, responses an older release
// added or removed in the rows alone, the catalog's schemas an operation names that the model lacks)
// is moved into the model. The API catalog owns that writing (apps/server/src/apis/
// moveAnswersIntoModel.ts) and is handed in, since the database imports no capability.
export async function up(db: Kysely<unknown>, _dialect: Dialect, deps: MigrationDeps): Promise<void> {
  await deps.moveAnswersIntoModel(db as Kysely<Database>);
}
