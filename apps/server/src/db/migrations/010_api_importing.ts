import type { Kysely } from 'kysely';

// A large import is written in many short transactions, so other requests get the database between
// them; until the last one the API is marked as importing (since when) and shown to no one. A mark
// older than any import can take is what a crash left: start-up removes that API.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('api_masters').addColumn('importing_since', 'varchar(32)').execute();
}
