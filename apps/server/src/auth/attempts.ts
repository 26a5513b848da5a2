import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** One attempt, counted under every key it was taken for. */
export interface Attempt {
  /** Seconds until one of the keys may try again, or 0 when this attempt may go on. */
  waitSeconds: number;
  /** Uncounts this attempt (it succeeded), leaving whatever other attempts counted. */
  giveBack(): Promise<void>;
}

/**
 * Fixed-window counters kept in the database, so every instance shares them (DESIGN §9).
 * Used to slow down password guessing and mail flooding.
 */
export interface AttemptLimiter {
  /**
   * Counts the attempt before any work is done: the increment and the read are one statement, so
   * parallel attempts each see their own count and only the first `max` of a window go on.
   */
  take(keys: string[]): Promise<Attempt>;
  clear(key: string): Promise<void>;
}

export function createAttemptLimiter(
  db: Kysely<Database>,
  { max, windowSeconds }: { max: number; windowSeconds: number },
): AttemptLimiter {
  const windowMs = windowSeconds * 1000;

  /** Adds one to the key's count in its current window (a new window when the last one ended). */
  function increment(key: string, now: Date) {
    const windowStart = new Date(now.getTime() - windowMs).toISOString();
    return db
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
      .returning(['count', 'window_started_at'])
      .executeTakeFirstOrThrow();
  }

  return {
    async take(keys) {
      const now = new Date();
      const counted = await Promise.all(keys.map(async (key) => ({ key, ...(await increment(key, now)) })));
      let waitSeconds = 0;
      for (const { count, window_started_at } of counted) {
        const ends = Date.parse(window_started_at) + windowMs;
        if (count > max)
          waitSeconds = Math.max(waitSeconds, Math.max(1, Math.ceil((ends - now.getTime()) / 1000)));
      }
      return {
        waitSeconds,
        async giveBack() {
          for (const { key, window_started_at } of counted) {
            // Only within the window it was counted in: a new window's count is other attempts'.
            await db
              .updateTable('rate_limits')
              .set((eb) => ({ count: eb('count', '-', 1) }))
              .where('key', '=', key)
              .where('window_started_at', '=', window_started_at)
              .where('count', '>', 0)
              .execute();
          }
        },
      };
    },
    async clear(key) {
      await db.deleteFrom('rate_limits').where('key', '=', key).execute();
    },
  };
}
