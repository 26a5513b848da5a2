import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { signIn, signUp, signUpAndVerify } from '../../test/support/accounts.js';
import { startTestApp, type TestApp } from '../../test/support/testApp.js';

const run = promisify(execFile);
const script = new URL('../../../../scripts/backup.mjs', import.meta.url).pathname;

const backUp = (dataDir: string, file: string) =>
  run(process.execPath, [script, file], { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' } });

describe('npm run backup', () => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
  });

  it('copies the embedded database while the server runs and writes, and the copy restores', async () => {
    const app = await startTestApp('sqlite');
    apps.push(app);
    const { username, password } = (await signUpAndVerify(app)).registration;
    // the server goes on writing (signing people up) while the copy is taken
    let writing = true;
    const writes = (async () => {
      while (writing) await signUp(app);
    })();
    const file = join(mkdtempSync(join(tmpdir(), 'backup-')), 'copy.db');
    const { stdout } = await backUp(app.config.dataDir, file);
    writing = false;
    await writes;
    expect(stdout).toMatch(/^Backed up .*app\.db to .*copy\.db: \d+ pages in \d+ ms/);

    const copy = new SQLite(file, { readonly: true });
    expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    const users = copy.prepare('SELECT count(*) FROM users').pluck().get() as number;
    expect(users).toBeGreaterThanOrEqual(1);
    expect(users).toBeLessThanOrEqual(
      (await app.db.kysely.selectFrom('users').select('id').execute()).length,
    );
    copy.close();

    // restored: the file becomes a data directory's app.db, and the account signs in there
    const restoredDir = mkdtempSync(join(tmpdir(), 'restored-'));
    copyFileSync(file, join(restoredDir, 'app.db'));
    const restored = await startTestApp('sqlite', { DATA_DIR: restoredDir });
    apps.push(restored);
    expect((await signIn(restored, username, password)).statusCode).toBe(200);
  });

  it('writes a copy only its owner may read, whatever the umask', async () => {
    const app = await startTestApp('sqlite');
    apps.push(app);
    const file = join(mkdtempSync(join(tmpdir(), 'backup-')), 'copy.db');
    await run('sh', ['-c', 'umask 000 && exec "$0" "$1" "$2"', process.execPath, script, file], {
      env: { ...process.env, DATA_DIR: app.config.dataDir, DATABASE_URL: '' },
    });
    expect((statSync(file).mode & 0o777).toString(8)).toBe('600');
  });

  it('refuses to overwrite a file, and says what it needs', async () => {
    const app = await startTestApp('sqlite');
    apps.push(app);
    const file = join(mkdtempSync(join(tmpdir(), 'backup-')), 'copy.db');
    await backUp(app.config.dataDir, file);
    await expect(backUp(app.config.dataDir, file)).rejects.toMatchObject({
      stderr: expect.stringMatching(/exists: give a new file/),
    });
    await expect(backUp(mkdtempSync(join(tmpdir(), 'empty-')), file)).rejects.toMatchObject({
      stderr: expect.stringMatching(/^No database at .*app\.db: set DATA_DIR/),
    });
  });
});
