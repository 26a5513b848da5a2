import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createWriteBatch } from './writeBatch.js';

describe('batched sandbox writes', () => {
  let sqlite: SQLite.Database;
  beforeEach(() => {
    sqlite = new SQLite(':memory:');
    sqlite.exec('CREATE TABLE pets (id TEXT PRIMARY KEY, name TEXT NOT NULL)');
  });
  afterEach(() => sqlite.close());

  it('commits the writes of one round together, and each settles on its own', async () => {
    const write = createWriteBatch(sqlite);
    const insert = sqlite.prepare('INSERT INTO pets (id, name) VALUES (?, ?)');
    const inTransaction: boolean[] = [];
    const add = (id: string, name: string | null) =>
      write(() => {
        inTransaction.push(sqlite.inTransaction);
        return insert.run(id, name).changes;
      });

    const outcomes = await Promise.allSettled([add('p-1', 'Rex'), add('p-2', null), add('p-3', 'Tom')]);

    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason.message).toMatch(/NOT NULL/);
    expect(inTransaction).toEqual([true, true, true]);
    expect(sqlite.inTransaction).toBe(false);
    expect(sqlite.prepare('SELECT id FROM pets ORDER BY id').pluck().all()).toEqual(['p-1', 'p-3']);
  });

  it('has a write done by the time its promise settles', async () => {
    const write = createWriteBatch(sqlite);
    await write(() => sqlite.prepare("INSERT INTO pets VALUES ('p-1', 'Rex')").run());
    expect(sqlite.prepare('SELECT name FROM pets').pluck().get()).toBe('Rex');
    const later = await write(() => sqlite.prepare("DELETE FROM pets WHERE id = 'p-1'").run().changes);
    expect(later).toBe(1);
  });

  it('saves what a round adds up to inside its transaction, and says when a commit failed', async () => {
    const insert = sqlite.prepare('INSERT INTO pets (id, name) VALUES (?, ?)');
    let failCommit = false;
    const seen: string[] = [];
    const write = createWriteBatch(sqlite, {
      beforeCommit() {
        seen.push(`before commit, in transaction: ${sqlite.inTransaction}`);
        if (failCommit) throw new Error('disk full');
      },
      afterRollback: () => seen.push('after rollback'),
    });
    await Promise.all([write(() => insert.run('p-1', 'Rex')), write(() => insert.run('p-2', 'Tom'))]);
    failCommit = true;
    await expect(write(() => insert.run('p-3', 'Kit'))).rejects.toThrow('disk full');

    expect(seen).toEqual([
      'before commit, in transaction: true',
      'before commit, in transaction: true',
      'after rollback',
    ]);
    expect(sqlite.prepare('SELECT id FROM pets ORDER BY id').pluck().all()).toEqual(['p-1', 'p-2']);
  });
});
