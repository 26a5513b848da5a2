import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

/** SQLite's own checkpoint, left as a backstop should the worker fall behind (pages of 4 KB). */
const BACKSTOP_PAGES = 10_000;

/**
 * The checkpointing thread: its own connection to the file, asking every `intervalMs` whether another
 * connection committed (`data_version`) and, if so, moving the log's pages into the database file.
 * Plain JavaScript, so that it runs the same from the sources and from a build.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.sqlite);
const db = new SQLite(workerData.file);
db.pragma('busy_timeout = 1000');
let seen = null; // the first round checkpoints what was written before it
function checkpoint() {
  const now = db.pragma('data_version', { simple: true });
  if (now === seen) return;
  db.pragma('wal_checkpoint(PASSIVE)');
  seen = now;
  parentPort.postMessage('checkpointed');
}
const timer = setInterval(() => {
  try { checkpoint(); } catch (error) { parentPort.postMessage({ failed: String(error && error.message) }); }
}, workerData.intervalMs);
parentPort.on('message', () => {
  clearInterval(timer);
  try { checkpoint(); } finally { db.close(); parentPort.close(); }
});
`;

/**
 * Checkpoints of the embedded database's write-ahead log, kept off the event loop. Left to itself,
 * SQLite checkpoints inside whichever write fills the log, and that write waits while pages are copied
 * and the file synced (10 ms and far more under load): every request in flight waits with it. Here a
 * worker thread with a connection of its own checkpoints soon after each change (a passive checkpoint
 * waits for no reader or writer), and requests never wait for one.
 */
export function startWalCheckpoints(
  sqlite: SQLite.Database,
  file: string,
  options: { intervalMs?: number; onCheckpoint?: () => void; onFailure?: (message: string) => void } = {},
) {
  sqlite.pragma(`wal_autocheckpoint = ${BACKSTOP_PAGES}`);
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      file,
      intervalMs: options.intervalMs ?? 100,
      sqlite: createRequire(import.meta.url).resolve('better-sqlite3'),
    },
  });
  worker.unref();
  worker.on('error', (error) => options.onFailure?.(error.message));
  // a failed round is retried at the next; SQLite's backstop still bounds the log meanwhile
  worker.on('message', (message: 'checkpointed' | { failed: string }) => {
    if (message === 'checkpointed') options.onCheckpoint?.();
    else options.onFailure?.(message.failed);
  });
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));

  return {
    /** A last checkpoint, then the worker's connection closes. */
    async stop(): Promise<void> {
      worker.postMessage('stop');
      await exited;
    },
  };
}
