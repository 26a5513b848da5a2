import type { Kysely } from 'kysely';

// An API can be set to answer deterministically: its sandbox draws generated values from this seed
// (mixed with each request's method, path and query). NULL, as every API has until set: random.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('api_masters').addColumn('answer_seed', 'integer').execute();
}
