import type { Kysely } from 'kysely';

// What an import could not honour is shown on the API's page, not only in the import's answer: each
// API keeps its import warnings as JSON. APIs imported before, or made by hand, keep NULL (none).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('api_masters').addColumn('import_warnings', 'text').execute();
}
