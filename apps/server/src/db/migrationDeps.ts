import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/**
 * What a migration needs of the capabilities above the database, which own the rules it applies:
 * given by whoever migrates (the app), since the database imports none of them.
 */
export interface MigrationDeps {
  /** Gives every endpoint without a declared operation, and API without declared schemas, theirs from its rows. */
  declareFromRows(db: Kysely<Database>): Promise<void>;
  /** Moves into every API's model what its answers read of its rows besides the model. */
  moveAnswersIntoModel(db: Kysely<Database>): Promise<void>;
}
