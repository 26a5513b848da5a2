// `npm run backup -- <file>`: a consistent copy of the embedded database, taken while the server runs
// (SQLite's online backup, in one read transaction: writes go on meanwhile and are not in the copy).
import { chmodSync, closeSync, existsSync, openSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';

const SQLite = createRequire(new URL('../apps/server/package.json', import.meta.url))('better-sqlite3');

const target = process.argv[2];
if (!target) {
  console.error('Usage: npm run backup -- <file>   (DATA_DIR as the server has it; default ./data)');
  process.exit(2);
}
if (process.env.DATABASE_URL) {
  console.error(
    'DATABASE_URL is set: back PostgreSQL up with its own tools (pg_dump, or your host’s snapshots)',
  );
  process.exit(2);
}
const source = join(resolve(process.env.DATA_DIR ?? './data'), 'app.db');
if (!existsSync(source)) {
  console.error(`No database at ${source}: set DATA_DIR to the server's data directory`);
  process.exit(1);
}
const file = resolve(target);
// The copy holds password hashes, sandbox tokens and queued mails: readable by its owner only. The
// file is made here, with that mode, before SQLite writes into it; `wx` refuses one that exists.
try {
  closeSync(openSync(file, 'wx', 0o600));
} catch (error) {
  if (error.code !== 'EEXIST') throw error;
  console.error(`${file} exists: give a new file, so that no earlier backup is overwritten`);
  process.exit(1);
}

const started = Date.now();
const db = new SQLite(source, { fileMustExist: true });
db.pragma('busy_timeout = 5000');
try {
  // every page in one step: one read transaction, so the copy is one moment of the database
  const { totalPages } = await db.backup(file, { progress: () => 2 ** 30 });
  chmodSync(file, 0o600);
  console.log(`Backed up ${source} to ${file}: ${totalPages} pages in ${Date.now() - started} ms`);
} catch (error) {
  // no half-written copy left behind to be taken for a backup
  rmSync(file, { force: true });
  throw error;
} finally {
  db.close();
}
