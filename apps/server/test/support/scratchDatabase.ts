import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Dialect } from '../../src/db/connection.js';

// Kysely's own suites loop over every dialect; we run SQLite always and PostgreSQL when it answers.
// Under CI (`CI` set, as `.ci/run` sets it) a PostgreSQL that does not answer fails the run instead:
// a green run must have tested both databases.
const adminUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

async function availableDialects(): Promise<Dialect[]> {
  if (await postgresReachable()) return ['sqlite', 'postgres'];
  if (process.env.CI) {
    throw new Error(
      `PostgreSQL does not answer at ${adminUrl} (TEST_POSTGRES_URL): CI tests both databases, so it must run`,
    );
  }
  console.warn(`PostgreSQL does not answer at ${adminUrl}: its tests are skipped, SQLite's alone run`);
  return ['sqlite'];
}

export const dialects: Dialect[] = await availableDialects();

/** Creates an empty PostgreSQL database for one test file; `drop` removes it. */
export async function createScratchDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `scratch_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
