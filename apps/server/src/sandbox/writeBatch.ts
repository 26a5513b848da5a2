import type SQLite from 'better-sqlite3';

interface Write {
  run: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** What the writer does around each transaction: save what the round's writes add up to, or forget it. */
export interface BatchHooks {
  /** Runs inside the transaction, after its writes: its own statements commit with them. */
  beforeCommit?: () => void;
  /** Runs once a transaction has failed and none of its writes was kept. */
  afterRollback?: () => void;
}

/**
 * Sandbox writes on the embedded database, committed together: every write asked for while the event
 * loop handles one round of requests goes into a single transaction at the end of that round, so
 * a burst of POSTs pays for one commit instead of one each. Each write still answers for itself: its
 * promise settles once the transaction holding it is committed. A statement that fails undoes only
 * itself (SQLite rolls back the statement, not the transaction); a commit that fails fails them all.
 */
export function createWriteBatch(sqlite: SQLite.Database, hooks: BatchHooks = {}) {
  let pending: Write[] = [];

  function flush(): void {
    const batch = pending;
    pending = [];
    const outcomes: { ok: boolean; value: unknown }[] = [];
    try {
      sqlite.transaction(() => {
        for (const write of batch) {
          try {
            outcomes.push({ ok: true, value: write.run() });
          } catch (error) {
            outcomes.push({ ok: false, value: error });
          }
        }
        hooks.beforeCommit?.();
      })();
    } catch (error) {
      hooks.afterRollback?.();
      for (const write of batch) write.reject(error);
      return;
    }
    for (const [i, write] of batch.entries()) {
      if (outcomes[i].ok) write.resolve(outcomes[i].value);
      else write.reject(outcomes[i].value);
    }
  }

  return function write<T>(run: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (pending.length === 0) setImmediate(flush);
      pending.push({ run, resolve: resolve as (value: unknown) => void, reject });
    });
  };
}

export type WriteBatch = ReturnType<typeof createWriteBatch>;
