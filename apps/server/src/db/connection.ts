import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';

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
  const sqlite = new SQLite(join(options.dataDir, 'app.db'));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { kysely, dialect: 'sqlite', sqlite, close: () => kysely.destroy() };
}
