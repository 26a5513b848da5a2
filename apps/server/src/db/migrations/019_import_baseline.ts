import type { Kysely } from 'kysely';

// What the last import of an API brought (ImportBaseline, JSON), for a re-import to tell a value the
// user edited from one the document set. APIs imported before have none: NULL, and a re-import of
// them keeps every stored value, as it did.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('api_masters').addColumn('import_baseline', 'text').execute();
}
