import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { expect, it } from 'vitest';
import { startWalCheckpoints } from './walCheckpoints.js';

it('moves written pages from the log into the database file soon after a change, on a thread of its own', async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'wal-')), 'app.db');
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  let checkpoints = 0;
  const checkpointer = startWalCheckpoints(sqlite, file, {
    intervalMs: 20,
    onCheckpoint: () => checkpoints++,
  });
  try {
    sqlite.exec('CREATE TABLE notes (text TEXT)');
    const insert = sqlite.prepare('INSERT INTO notes VALUES (?)');
    sqlite.transaction(() => {
      for (let i = 0; i < 200; i++) insert.run('x'.repeat(1000));
    })();
    const before = statSync(file).size;
    // this thread stays busy throughout: the pages move all the same
    const busyUntil = Date.now() + 1500;
    while (Date.now() < busyUntil && statSync(file).size <= before + 100_000);
    expect(statSync(file).size).toBeGreaterThan(before + 100_000);
    await expect.poll(() => checkpoints, { timeout: 2000 }).toBeGreaterThan(0);
  } finally {
    await checkpointer.stop();
    sqlite.close();
  }
});
