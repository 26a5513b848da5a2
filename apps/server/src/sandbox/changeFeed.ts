import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import type { Db } from '../db/connection.js';

const CHANNEL = 'sandbox_changes';

/**
 * Tells every instance that an API changed, so each recompiles its sandbox (DESIGN §9): in-process
 * with the embedded database, through PostgreSQL LISTEN/NOTIFY when instances share one.
 */
export interface ChangeFeed {
  announce(apiMasterId: number): void;
  close(): Promise<void>;
}

export async function createChangeFeed(
  db: Db,
  databaseUrl: string | undefined,
  onChange: (apiMasterId: number) => void,
  log: FastifyBaseLogger,
): Promise<ChangeFeed> {
  if (db.dialect !== 'postgres' || !databaseUrl) {
    return { announce: onChange, close: async () => {} };
  }
  const listener = new pg.Client({ connectionString: databaseUrl });
  await listener.connect();
  listener.on('notification', (message) => {
    const id = Number(message.payload);
    if (Number.isInteger(id)) onChange(id);
  });
  listener.on('error', (error) => log.error({ err: error }, 'sandbox change feed lost its connection'));
  await listener.query(`LISTEN ${CHANNEL}`);
  return {
    announce(apiMasterId) {
      onChange(apiMasterId);
      sql`SELECT pg_notify(${CHANNEL}, ${String(apiMasterId)})`
        .execute(db.kysely)
        .catch((error) => log.error({ err: error }, 'could not announce a sandbox change'));
    },
    close: () => listener.end(),
  };
}
