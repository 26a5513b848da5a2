import type { Kysely } from 'kysely';

// Traffic simulation: an endpoint's delays and failures (Behaviour as JSON), and the API's default for
// endpoints without their own. NULL, as everything has until set: answered at once, never failing.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('endpoints').addColumn('behaviour', 'text').execute();
  await db.schema.alterTable('api_masters').addColumn('behaviour', 'text').execute();
}
