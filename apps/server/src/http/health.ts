import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../db/connection.js';

const ZDatabase = z.enum(['sqlite', 'postgres']).describe('The database this server uses');
export const ZHealthy = z.object({ status: z.literal('ok'), database: ZDatabase });
const ZUnhealthy = z.object({ status: z.literal('unavailable'), database: ZDatabase, detail: z.string() });
const healthSchema = {
  tags: ['Health'],
  summary: 'Whether this server can do its work: its database is asked with a real query',
  response: { 200: ZHealthy, 503: ZUnhealthy },
};
const readySchema = {
  tags: ['Health'],
  summary: 'Whether a load balancer should send this server requests (not while starting or draining)',
  response: {
    200: z.object({ status: z.literal('ready') }),
    503: z.object({ status: z.literal('not ready') }),
  },
};

/** A database that has not answered `select 1` by then is reported down. */
const DATABASE_CHECK_MS = 2000;

/** Where a server is in its life: readiness says whether a load balancer should send it requests. */
export interface Lifecycle {
  /** Set once the migrations ran and every route is registered; cleared when shutting down. */
  ready: boolean;
}

async function databaseAnswers(db: Db): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${DATABASE_CHECK_MS} ms`)),
      DATABASE_CHECK_MS,
    );
  });
  try {
    await Promise.race([sql`select 1`.execute(db.kysely), late]);
    return null;
  } catch (error) {
    return (error as Error).message;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `/api/health`: whether this server can do its work, its database asked with a real query (503 when
 * it does not answer). `/api/ready`: whether it should be sent requests: not before start-up ends, nor
 * once shutdown has begun, while requests in flight drain.
 */
export function healthRoutes(server: FastifyInstance, db: Db, lifecycle: Lifecycle): void {
  server.get('/api/health', { config: { public: true }, schema: healthSchema }, async (_request, reply) => {
    const failure = await databaseAnswers(db);
    if (failure === null) return { status: 'ok', database: db.dialect };
    reply.code(503);
    return {
      status: 'unavailable',
      database: db.dialect,
      detail: `The database does not answer: ${failure}`,
    };
  });
  server.get('/api/ready', { config: { public: true }, schema: readySchema }, async (_request, reply) => {
    if (lifecycle.ready) return { status: 'ready' };
    reply.code(503);
    return { status: 'not ready' };
  });
}
