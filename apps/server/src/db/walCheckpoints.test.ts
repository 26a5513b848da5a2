import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { expect, it } from 'vitest';
import { startWalCheckpoints } from './walCheckpoints.js';

it('moves written pages from the log into the database file soon after a change, without a write to wait on', async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'wal-')), 'app.db');
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  const checkpoints = startWalCheckpoints(sqlite, file, 20);
  try {
    sqlite.exec('CREATE TABLE notes (text TEXT)');
    const insert = sqlite.prepare('INSERT INTO notes VALUES (?)');
    sqlite.transaction(() => {
      for (let i = 0; i < 200; i++) insert.run('x'.repeat(1000));
    })();
    const before = statSync(file).size;
    await expect.poll(() => statSync(file).size, { timeout: 2000 }).toBeGreaterThan(before + 100_000);
  } finally {
    await checkpoints.stop();
    sqlite.close();
  }
});
