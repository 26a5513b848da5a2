import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import type { Db } from '../db/connection.js';

const CHANNEL = 'sandbox_changes';
const FIRST_RETRY_MS = 100;
const LAST_RETRY_MS = 10_000;

/**
 * Tells every instance that an API changed, so each recompiles its sandbox (DESIGN §9): in-process
 * with the embedded database, through PostgreSQL LISTEN/NOTIFY when instances share one.
 */
export interface ChangeFeed {
  announce(apiMasterId: number): void;
  close(): Promise<void>;
}

export interface ChangeHandlers {
  /** One API changed. */
  changed(apiMasterId: number): void;
  /** Changes may have gone unheard (the listening connection was lost): forget everything. */
  missed(): void;
}

/** Half of each delay is random, so instances cut off together do not all knock again at once. */
function retryDelay(attempt: number): number {
  const ceiling = Math.min(FIRST_RETRY_MS * 2 ** attempt, LAST_RETRY_MS);
  return ceiling / 2 + Math.random() * (ceiling / 2);
}

export async function createChangeFeed(
  db: Db,
  databaseUrl: string | undefined,
  handlers: ChangeHandlers,
  log: FastifyBaseLogger,
): Promise<ChangeFeed> {
  if (db.dialect !== 'postgres' || !databaseUrl) {
    return { announce: handlers.changed, close: async () => {} };
  }
  let closed = false;
  let listener: pg.Client | undefined;
  let retry: { timer: NodeJS.Timeout; wake: () => void } | undefined;

  async function listen(): Promise<pg.Client> {
    // keepAlive lets the operating system notice a connection that died without a word
    const client = new pg.Client({ connectionString: databaseUrl, keepAlive: true });
    client.on('notification', (message) => {
      const id = Number(message.payload);
      if (Number.isInteger(id)) handlers.changed(id);
    });
    // 'end' follows every loss, so the reconnection starts there; the error itself is only told
    client.on('error', (error) => log.warn({ err: error }, 'the sandbox change feed lost its connection'));
    client.on('end', () => {
      if (listener === client && !closed) {
        listener = undefined;
        void reconnect();
      }
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    return client;
  }

  function pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      retry = { timer: setTimeout(resolve, ms), wake: resolve };
    });
  }

  /** Retries forever, until the server closes: a sandbox must not keep revoked tokens for good. */
  async function reconnect(): Promise<void> {
    for (let attempt = 0; !closed; attempt += 1) {
      await pause(retryDelay(attempt));
      if (closed) return;
      try {
        const client = await listen();
        if (closed) {
          await client.end();
          return;
        }
        listener = client;
        // Only once LISTEN holds again: a change after this point is heard, one before is covered here.
        handlers.missed();
        log.info({ attempt: attempt + 1 }, 'the sandbox change feed is listening again');
        return;
      } catch (error) {
        log.warn({ err: error, attempt: attempt + 1 }, 'the sandbox change feed could not reconnect yet');
      }
    }
  }

  listener = await listen();
  return {
    announce(apiMasterId) {
      handlers.changed(apiMasterId);
      sql`SELECT pg_notify(${CHANNEL}, ${String(apiMasterId)})`
        .execute(db.kysely)
        .catch((error) => log.error({ err: error }, 'could not announce a sandbox change'));
    },
    async close() {
      closed = true;
      if (retry) {
        clearTimeout(retry.timer);
        retry.wake();
      }
      await listener?.end();
    },
  };
}
