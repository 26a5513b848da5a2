import type { Kysely } from 'kysely';

// The sandbox answers as the document declares each operation (media types, named examples, response
// headers, security): each endpoint keeps its operation as imported, and each API its security
// schemes, as JSON. APIs imported before keep NULL and answer from their configuration alone.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('endpoints').addColumn('operation', 'text').execute();
  await db.schema.alterTable('api_masters').addColumn('security_schemes', 'text').execute();
}
