import { type FileHandle, open } from 'node:fs/promises';
import type SQLite from 'better-sqlite3';

/** SQLite's own checkpoint, left as a backstop should the timer fall behind (pages of 4 KB). */
const BACKSTOP_PAGES = 10_000;

/**
 * Checkpoints of the embedded database's write-ahead log that keep the disk off the request path.
 * Left to itself, SQLite checkpoints inside whichever write fills the log, and that write waits
 * while the whole log reaches the disk (10 ms and more for a few MB): every request in flight waits
 * with it. Here, every `intervalMs` after a change, the log is first flushed to disk on libuv's
 * thread pool, and only then checkpointed on this thread, with little left to sync.
 */
export function startWalCheckpoints(sqlite: SQLite.Database, file: string, intervalMs = 100) {
  sqlite.pragma(`wal_autocheckpoint = ${BACKSTOP_PAGES}`);
  const changes = sqlite.prepare('SELECT total_changes()').pluck();
  let checkpointedAt = changes.get();
  let wal: FileHandle | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  async function checkpoint(): Promise<void> {
    const now = changes.get();
    if (now === checkpointedAt) return;
    wal ??= await open(`${file}-wal`, 'r');
    await wal.datasync();
    if (stopped) return;
    sqlite.pragma('wal_checkpoint(PASSIVE)');
    checkpointedAt = now;
  }

  function schedule(): void {
    timer = setTimeout(() => {
      running = checkpoint()
        // a failed round is retried at the next; SQLite's backstop still bounds the log meanwhile
        .catch(() => {})
        .finally(() => {
          if (!stopped) schedule();
        });
    }, intervalMs);
    timer.unref();
  }
  schedule();

  return {
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      await running;
      await wal?.close();
    },
  };
}
