import { Kysely, PostgresDialect, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndVerify } from '../../test/support/accounts.js';
import { petstoreYaml } from '../../test/support/petstore.js';
import { deploy } from '../../test/support/sandbox.js';
import { dialects } from '../../test/support/scratchDatabase.js';
import { startTestApp, type TestApp } from '../../test/support/testApp.js';
import { postgresPool } from '../db/connection.js';
import type { Database } from '../db/schema.js';
import { postgresRecords } from './postgresRecords.js';

const STORED = 5_000;
const limits = { maxRecords: 1_000_000, maxBytes: 1e9 };

const APPLICATION = 'record-lookups-test';

/** The store on one connection of its own, whose reads `rowsRead` can count at once. */
function storeOnOneConnection(app: TestApp) {
  const url = new URL(app.db.pool?.options.connectionString as string);
  url.searchParams.set('application_name', APPLICATION);
  const pool = postgresPool(url.toString(), 1);
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { records: postgresRecords({ kysely, pool }, limits), kysely };
}

/** Closes the test's connection, and waits until the database has let it go (its pool does not). */
async function closeOwnConnection(app: TestApp, kysely: Kysely<Database>): Promise<void> {
  await kysely.destroy();
  for (;;) {
    const { rows } = await sql<{ open: string }>`
      SELECT count(*) AS open FROM pg_stat_activity WHERE application_name = ${APPLICATION}`.execute(
      app.db.kysely,
    );
    if (Number(rows[0].open) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Stored records read so far, rows of sequential scans and index entries, the connection's own reads
 * included: it hands its figures to the statistics at once rather than within the next second.
 */
async function rowsRead(connection: Kysely<Database>): Promise<number> {
  await sql`SELECT pg_stat_force_next_flush()`.execute(connection);
  const { rows } = await sql<{ read: string }>`
    SELECT pg_stat_get_tuples_returned('sandbox_records'::regclass)
         + (SELECT sum(pg_stat_get_tuples_returned(indexrelid)) FROM pg_index
            WHERE indrelid = 'sandbox_records'::regclass) AS read`.execute(connection);
  return Number(rows[0].read);
}

// SQLite's planner takes the primary key for a lookup on all its columns whatever it knows, and
// its server keeps read records in memory; PostgreSQL's chooses by statistics, which know nothing of
// a collection that grew since they were gathered: the case measured here.
describe.runIf(dialects.includes('postgres'))('one record of a large collection, on PostgreSQL', () => {
  let app: TestApp;
  let apiId: number;
  let collection: string;
  let own: ReturnType<typeof storeOnOneConnection>;

  beforeAll(async () => {
    app = await startTestApp('postgres');
    const { auth } = await signUpAndVerify(app);
    const sandbox = await deploy(app, auth, petstoreYaml);
    expect((await sandbox.call('POST', '/pets', { body: { name: 'Rex', tag: 'dog' } })).statusCode).toBe(201);
    ({ api_master_id: apiId, collection } = await app.db.kysely
      .selectFrom('sandbox_collections')
      .selectAll()
      .executeTakeFirstOrThrow());
    // the store's statements used while the collection is small, as a new API's are: a plan kept
    // from then would scan the collection once it is large
    own = storeOnOneConnection(app);
    for (let n = 0; n < 10; n++) await own.records.findJson(apiId, collection, `k${n}`);
    // thousands of records that the planner's statistics have never seen, as a new API's first burst
    await sql`
      INSERT INTO sandbox_records (api_master_id, collection, record_key, data, created_at)
      SELECT ${apiId}, ${collection}, 'k' || n, '{"id":"k' || n || '","name":"Rex"}',
             to_char(timestamp '2026-01-01' + n * interval '1 ms', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
      FROM generate_series(1, ${STORED}) AS n`.execute(app.db.kysely);
  });
  afterAll(async () => {
    if (own) await closeOwnConnection(app, own.kysely);
    await app?.close();
  });

  it('is read, replaced and deleted by its key alone, present or absent', async () => {
    const { records, kysely: connection } = own;
    let before = await rowsRead(connection);
    const readBy = async <T>(step: Promise<T>) => {
      const result = await step;
      const after = await rowsRead(connection);
      const read = after - before;
      before = after;
      return { result, read };
    };
    expect(await readBy(records.findJson(apiId, collection, 'k4321'))).toEqual({
      result: '{"id":"k4321","name":"Rex"}',
      read: 1,
    });
    expect(await readBy(records.findJson(apiId, collection, 'no-such-key'))).toEqual({
      result: undefined,
      read: 0,
    });
    const replaced = await readBy(records.upsert(apiId, collection, 'k17', '{"id":"k17","name":"Max"}'));
    expect(replaced.read).toBeLessThanOrEqual(3);
    expect(await records.findJson(apiId, collection, 'k17')).toBe('{"id":"k17","name":"Max"}');
    before = await rowsRead(connection);
    expect(await readBy(records.remove(apiId, collection, 'k4999'))).toMatchObject({
      result: true,
      read: 1,
    });
    // the entry of the record just deleted stays in the index until the table is vacuumed
    const again = await readBy(records.remove(apiId, collection, 'k4999'));
    expect(again.result).toBe(false);
    expect(again.read).toBeLessThanOrEqual(1);
  });

  it('lists a page in the order the records were made, the whole collection counted', async () => {
    const page = await own.records.listJson(apiId, collection, { offset: 3_999, limit: 3 });
    // the pet posted, and the records stored, but the one deleted above
    expect(page.total).toBe(1 + STORED - 1);
    expect(page.texts.map((text) => JSON.parse(text).id)).toEqual(['k4000', 'k4001', 'k4002']);
  });
});
