import type { Kysely } from 'kysely';

// The sandbox writes XML (and generates bodies the catalog has no model for) from the document's named
// schemas as written: their `xml` objects name elements and attributes. Each API keeps them as JSON;
// APIs imported before keep NULL, and their XML is named by the schemas' names alone.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('api_masters').addColumn('declared_schemas', 'text').execute();
}
