import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/**
 * What a migration needs of the capabilities above the database, which own the rules it applies:
 * given by whoever migrates (the app), since the database imports none of them.
 */
export interface MigrationDeps {
  /** Gives every API kept as rows alone its declared operations and schemas, from its rows. */
  declareFromRows(db: Kysely<Database>): Promise<void>;
  /** Moves into every API's model what its answers read of its rows besides the model. */
  moveAnswersIntoModel(db: Kysely<Database>): Promise<void>;
}
