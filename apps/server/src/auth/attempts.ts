import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * Fixed-window counters kept in the database, so every instance shares them (DESIGN §9).
 * Used to slow down password guessing and mail flooding.
 */
export interface AttemptLimiter {
  /** Seconds until the key may try again, or 0 when it may try now. */
  blockedFor(keys: string[]): Promise<number>;
  record(keys: string[]): Promise<void>;
  clear(key: string): Promise<void>;
}

export function createAttemptLimiter(
  db: Kysely<Database>,
  { max, windowSeconds }: { max: number; windowSeconds: number },
): AttemptLimiter {
  const windowMs = windowSeconds * 1000;
  return {
    async blockedFor(keys) {
      const rows = await db.selectFrom('rate_limits').selectAll().where('key', 'in', keys).execute();
      const now = Date.now();
      let wait = 0;
      for (const row of rows) {
        const ends = Date.parse(row.window_started_at) + windowMs;
        if (row.count >= max && ends > now) wait = Math.max(wait, Math.ceil((ends - now) / 1000));
      }
      return wait;
    },
    async record(keys) {
      const now = new Date();
      const windowStart = new Date(now.getTime() - windowMs).toISOString();
      for (const key of keys) {
        await db
          .insertInto('rate_limits')
          .values({ key, count: 1, window_started_at: now.toISOString() })
          .onConflict((oc) =>
            oc.column('key').doUpdateSet((eb) => ({
              count: eb
                .case()
                .when('rate_limits.window_started_at', '<', windowStart)
                .then(1)
                .else(eb('rate_limits.count', '+', 1))
                .end(),
              window_started_at: eb
                .case()
                .when('rate_limits.window_started_at', '<', windowStart)
                .then(now.toISOString())
                .else(eb.ref('rate_limits.window_started_at'))
                .end(),
            })),
          )
          .execute();
      }
    },
    async clear(key) {
      await db.deleteFrom('rate_limits').where('key', '=', key).execute();
    },
  };
}
