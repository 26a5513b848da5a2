import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, dialects } from '../../test/support/scratchDatabase.js';
import { declareFromRows } from '../apis/declareFromRows.js';
import { moveAnswersIntoModel } from '../apis/moveAnswersIntoModel.js';
import { connect, type Db } from './connection.js';
import { migrate } from './migrate.js';

describe.each(dialects)('data layer on %s', (dialect) => {
  let db: Db;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const scratch = dialect === 'postgres' ? await createScratchDatabase() : undefined;
    drop = scratch?.drop;
    db = connect({ dataDir: mkdtempSync(join(tmpdir(), 'db-')), databaseUrl: scratch?.url });
  });
  afterAll(async () => {
    await db.close();
    await drop?.();
  });

  const now = new Date().toISOString();
  const aUser = (username: string, parent: number | null = null) => ({
    first_name: 'A',
    last_name: 'B',
    email: `${username}@example.com`,
    username,
    username_key: username.toLowerCase(),
    password_hash: null,
    role_id: 3,
    parent_user_id: parent,
    created_at: now,
    updated_at: now,
  });

  it('migrates an empty database, and again without change', async () => {
    await migrate(db, { declareFromRows, moveAnswersIntoModel });
    await migrate(db, { declareFromRows, moveAnswersIntoModel });
    const rows = await db.kysely.selectFrom('users').selectAll().execute();
    expect(rows).toEqual([]);
  });

  it('enforces unique usernames and e-mail addresses', async () => {
    await db.kysely.insertInto('users').values(aUser('owner')).execute();
    await expect(db.kysely.insertInto('users').values(aUser('owner')).execute()).rejects.toThrow();
  });

  it('enforces foreign keys and removes a team with its owner', async () => {
    const owner = await db.kysely
      .insertInto('users')
      .values(aUser('boss'))
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.kysely.insertInto('users').values(aUser('member', owner.id)).execute();
    await expect(db.kysely.insertInto('users').values(aUser('orphan', 999_999)).execute()).rejects.toThrow();
    await db.kysely.deleteFrom('users').where('id', '=', owner.id).execute();
    const left = await db.kysely
      .selectFrom('users')
      .select('username')
      .where('username', '=', 'member')
      .execute();
    expect(left).toEqual([]);
  });
});

describe('the embedded database', () => {
  it('uses write-ahead logging and foreign keys', async () => {
    const db = connect({ dataDir: mkdtempSync(join(tmpdir(), 'db-')) });
    try {
      const journal = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(db.kysely);
      expect(journal.rows[0].journal_mode).toBe('wal');
      const keys = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db.kysely);
      expect(keys.rows[0].foreign_keys).toBe(1);
    } finally {
      await db.close();
    }
  });

  it('belongs to one server at a time, and says so to a second one', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'db-'));
    const first = connect({ dataDir });
    try {
      expect(() => connect({ dataDir })).toThrow(/in use by another running server/);
    } finally {
      await first.close();
    }
    const again = connect({ dataDir });
    await again.close();
  });
});
