import type { Kysely } from 'kysely';

// The hosted validating proxy: an API with an Upstream URL has its sandbox forward calls to that
// backend and check both sides against its document, instead of answering from it. An endpoint kept
// mocked is still answered by the sandbox (a backend half built). The request log keeps, per call,
// whether it was forwarded and what of its request and response broke the document, with counts so
// that it can be filtered on either side without reading the JSON.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('api_masters').addColumn('upstream_url', 'text').execute();
  await db.schema
    .alterTable('endpoints')
    .addColumn('keep_mocked', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('request_log')
    .addColumn('forwarded', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('request_log')
    .addColumn('request_violations', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('request_log')
    .addColumn('response_violations', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('request_log').addColumn('violations', 'text').execute();
}
