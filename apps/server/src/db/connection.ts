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
  close(): Promise<void>;
}

/** SQLite at `$DATA_DIR/app.db` by default; PostgreSQL when a `postgres://` URL is given. */
export function connect(
  options: { dataDir: string; databaseUrl?: string },
  onConnectionLost: (error: Error) => void = () => {},
): Db {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection the server closes (a restart, a dropped database) must not end the process:
    // the pool discards it and opens a new one for the next query.
    pool.on('error', onConnectionLost);
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { kysely, dialect: 'postgres', close: () => kysely.destroy() };
  }
  const file = join(options.dataDir, 'app.db');
  const sqlite = new SQLite(file);
  // One server owns the embedded database: holding its lock spares every statement the file locking
  // and shared-memory reads that sharing would cost (the sandbox reads it on every request).
  sqlite.pragma('locking_mode = EXCLUSIVE');
  sqlite.pragma('busy_timeout = 1000');
  try {
    sqlite.pragma('journal_mode = WAL');
    sqlite.exec('BEGIN IMMEDIATE; COMMIT');
  } catch (error) {
    sqlite.close();
    if ((error as { code?: string }).code !== 'SQLITE_BUSY') throw error;
    throw new Error(`${file} is in use by another running server: give each server its own DATA_DIR`, {
      cause: error,
    });
  }
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  const checkpoints = startWalCheckpoints(sqlite, file);
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  const close = async () => {
    await checkpoints.stop();
    await kysely.destroy();
    // Kysely closes the database only if it ever used it; the lock must go either way.
    if (sqlite.open) sqlite.close();
  };
  return { kysely, dialect: 'sqlite', sqlite, close };
}
