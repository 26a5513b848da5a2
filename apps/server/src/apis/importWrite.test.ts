import type { ImportedApi } from '@sandbox/contracts';
import { importOpenApi } from '@sandbox/engine/import/importOpenApi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateLargeDocument } from '../../../../packages/engine/test/support/import/generateDocument.js';
import { signUpAndVerify } from '../../test/support/accounts.js';
import { dialects } from '../../test/support/scratchDatabase.js';
import { startTestApp, type TestApp } from '../../test/support/testApp.js';
import { createApiStore } from './store.js';

const meta = { name: 'Generated', version: '1.0', description: 'Many operations', isAuthRequired: false };
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe.each(dialects)('writing an import (%s)', (dialect) => {
  let app: TestApp;
  let auth: { authorization: string };
  let teamId: number;
  let imported: ImportedApi;
  beforeAll(async () => {
    app = await startTestApp(dialect);
    const signedUp = await signUpAndVerify(app);
    auth = signedUp.auth;
    teamId = signedUp.user.id;
    imported = importOpenApi(JSON.stringify(generateLargeDocument({ operations: 400 })), 'large.json');
  });
  afterAll(() => app.close());

  const listed = async (): Promise<{ apiMasterName: string; apiConfigList: unknown[] }[]> =>
    (await app.server.inject({ url: '/api/api-config-master', headers: auth })).json();

  it('serves other requests between its writes and shows the API only once it is whole', async () => {
    const store = createApiStore(app.db.kysely);
    let done = false;
    const writing = store.createApi(teamId, meta, imported).finally(() => {
      done = true;
    });
    const seenWhileWriting: number[] = [];
    while (!done) {
      await nextTurn();
      const count = (await listed()).length;
      // an answer that came after the last write may show the API
      if (!done) seenWhileWriting.push(count);
    }
    const { id } = await writing;
    // the list was answered many times during the write, and never showed the half-written API
    expect(seenWhileWriting.length).toBeGreaterThan(5);
    expect(new Set(seenWhileWriting)).toEqual(new Set([0]));
    const [api] = await listed();
    expect(api.apiMasterName).toBe('Generated');
    expect(api.apiConfigList).toHaveLength(imported.endpoints.length);
    await app.server.inject({ method: 'DELETE', url: `/api/api-config-master/${id}`, headers: auth });
  });

  it('leaves nothing behind when a write fails half-way', async () => {
    const store = createApiStore(app.db.kysely);
    // the last endpoint's parameter has no name: its row is refused after hundreds were written
    const broken = structuredClone(imported);
    const last = broken.endpoints.at(-1);
    last?.parameterConfigList.push({
      ...(last.parameterConfigList[0] ?? { parameterType: 'query', isRequired: false }),
      keyName: null as unknown as string,
    } as (typeof last.parameterConfigList)[number]);
    await expect(store.createApi(teamId, meta, broken)).rejects.toThrow();
    expect(await listed()).toEqual([]);
    const left = await app.db.kysely.selectFrom('endpoints').select('id').execute();
    expect(left).toEqual([]);
  });

  it('removes an import that a crash left unfinished, and only such', async () => {
    const store = createApiStore(app.db.kysely);
    const importing = (name: string, since: Date) =>
      app.db.kysely
        .insertInto('api_masters')
        .values({
          team_id: teamId,
          name,
          version: '1',
          description: '',
          declared_schemas: '{}',
          created_at: since.toISOString(),
          updated_at: since.toISOString(),
          importing_since: since.toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const abandoned = await importing('Half written', new Date(Date.now() - 60 * 60_000));
    const running = await importing('Being written', new Date());
    await store.removeAbandonedImports(new Date(Date.now() - 15 * 60_000));
    const ids = (await app.db.kysely.selectFrom('api_masters').select('id').execute()).map((r) => r.id);
    expect(ids).not.toContain(abandoned.id);
    expect(ids).toContain(running.id);
  });
});
