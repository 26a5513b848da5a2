import type { Kysely } from 'kysely';

// An API is designed in the product as well as imported: an endpoint a user added is marked, so the
// list can tell it from the document's. (Parameters, schemas and properties a user added carry the
// same mark in their JSON definitions.) Endpoints from before were all imported: 0.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('endpoints')
    .addColumn('is_designed', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
