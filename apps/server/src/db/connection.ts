import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';
import { startWalCheckpoints } from './walCheckpoints.js';

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /** The embedded database itself, for the sandbox's prepared statements on the hot path. */
  sqlite?: SQLite.Database;
  /** PostgreSQL's connection pool (its figures are metrics). */
  pool?: pg.Pool;
  /** Queries sent to PostgreSQL so far, each one round trip (a metric, and the bench's count). */
  queries?: () => number;
  close(): Promise<void>;
}

/**
 * One server writes a data directory's database: it holds an exclusive lock on `server.lock` beside
 * it for as long as it runs (the system releases it should the process die). The database itself is
 * shared, so that a backup (`npm run backup`) and the checkpointing thread can read it meanwhile.
 */
function claimDataDir(dataDir: string): SQLite.Database {
  const lock = new SQLite(join(dataDir, 'server.lock'));
  lock.pragma('locking_mode = EXCLUSIVE');
  try {
    lock.exec('CREATE TABLE IF NOT EXISTS owner (pid INTEGER); DELETE FROM owner;');
    lock.prepare('INSERT INTO owner VALUES (?)').run(process.pid);
  } catch (error) {
    lock.close();
    if ((error as { code?: string }).code !== 'SQLITE_BUSY') throw error;
    throw new Error(`${dataDir} is in use by another running server: give each server its own DATA_DIR`, {
      cause: error,
    });
  }
  return lock;
}

/**
 * PostgreSQL's connections, its plan cache as it comes. A statement sent by name keeps its plan once
 * PostgreSQL judges it as good as one made for the values, so the sandbox names only those whose plan
 * cannot depend on the data (sandbox/postgresRecords.ts); a plan kept from when a collection held ten
 * records would scan it whole once it holds a hundred thousand. Statements without a name, all the
 * others, are planned at every call. Forcing a plan for every call also planned anew each check of a
 * new row's references (the API a record or a logged call belongs to): a third of what a POST cost
 * the database.
 */
export function postgresPool(url: string, max = 10): pg.Pool {
  return new pg.Pool({ connectionString: url, max });
}

/** SQLite at `$DATA_DIR/app.db` by default; PostgreSQL when a `postgres://` URL is given. */
export function connect(
  options: { dataDir: string; databaseUrl?: string },
  onConnectionLost: (error: Error) => void = () => {},
): Db {
  if (options.databaseUrl) {
    const pool = postgresPool(options.databaseUrl);
    // An idle connection the server closes (a restart, a dropped database) must not end the process:
    // the pool discards it and opens a new one for the next query.
    pool.on('error', onConnectionLost);
    // every query a connection of the pool sends is counted: one round trip each
    let queries = 0;
    pool.on('connect', (client) => {
      const send = client.query;
      client.query = function (this: pg.PoolClient, ...args: unknown[]) {
        queries += 1;
        return (send as (...a: unknown[]) => unknown).apply(this, args);
      } as typeof client.query;
    });
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { kysely, dialect: 'postgres', pool, queries: () => queries, close: () => kysely.destroy() };
  }
  const file = join(options.dataDir, 'app.db');
  const owner = claimDataDir(options.dataDir);
  const sqlite = new SQLite(file);
  sqlite.pragma('busy_timeout = 1000');
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  const checkpoints = startWalCheckpoints(sqlite, file, {
    onFailure: (message) => onConnectionLost(new Error(`a checkpoint of ${file} failed: ${message}`)),
  });
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  const close = async () => {
    await checkpoints.stop();
    await kysely.destroy();
    // Kysely closes the database only if it ever used it
    if (sqlite.open) sqlite.close();
    owner.close();
  };
  return { kysely, dialect: 'sqlite', sqlite, close };
}
