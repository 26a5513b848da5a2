import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndVerify } from '../../test/support/accounts.js';
import { petstoreYaml } from '../../test/support/petstore.js';
import { deploy } from '../../test/support/sandbox.js';
import { dialects } from '../../test/support/scratchDatabase.js';
import { startTestApp, type TestApp } from '../../test/support/testApp.js';

// Calls made at once are answered each for itself, whatever the store does with them together (on
// PostgreSQL, one statement for many lookups or many new records).
const TWIN = '0b7e4d8c-3f5a-4c1e-9d2b-6a8f1e3c5b70';

describe.each(dialects)('many calls at once, on %s', (dialect) => {
  let app: TestApp;
  let sandbox: Awaited<ReturnType<typeof deploy>>;
  const ids: string[] = [];

  beforeAll(async () => {
    app = await startTestApp(dialect);
    const { auth } = await signUpAndVerify(app);
    sandbox = await deploy(app, auth, petstoreYaml);
  });
  afterAll(() => app?.close());

  it('store every new record, and one record for a key sent several times', async () => {
    const created = await Promise.all(
      Array.from({ length: 100 }, (_, n) => sandbox.call('POST', '/pets', { body: { name: `Pet ${n}` } })),
    );
    for (const [n, res] of created.entries()) {
      expect(res.statusCode).toBe(201);
      expect(res.json().name).toBe(`Pet ${n}`);
      ids.push(res.json().id);
    }
    expect(new Set(ids).size).toBe(100);
    const same = await Promise.all(
      Array.from({ length: 10 }, (_, n) =>
        sandbox.call('POST', '/pets', { body: { id: TWIN, name: `Twin ${n}` } }),
      ),
    );
    expect(same.map((res) => res.statusCode)).toEqual(Array(10).fill(201));
    const listed = await sandbox.call('GET', '/pets?limit=1');
    expect(listed.headers['x-total-count']).toBe('101');
    const twin = await sandbox.call('GET', `/pets/${TWIN}`);
    expect(twin.statusCode).toBe(200);
    expect(same.map((res) => res.json())).toContainEqual(twin.json());
    // what the API is counted as holding is what it holds
    const usage = await app.db.kysely
      .selectFrom('sandbox_usage')
      .select((eb) => eb.fn.sum<string>('records').as('records'))
      .where('api_master_id', '=', sandbox.api.id)
      .executeTakeFirstOrThrow();
    expect(Number(usage.records)).toBe(101);
  });

  it('read each record asked for, and answer 404 for each one missing', async () => {
    const asked = [
      ...ids.map((id) => ({ id, present: true })),
      ...ids.map((id) => ({ id: `gone-${id}`, present: false })),
    ];
    const answers = await Promise.all(asked.map(({ id }) => sandbox.call('GET', `/pets/${id}`)));
    for (const [n, res] of answers.entries()) {
      const { id, present } = asked[n];
      expect(res.statusCode).toBe(present ? 200 : 404);
      if (present) expect(res.json()).toMatchObject({ id, name: `Pet ${ids.indexOf(id)}` });
    }
  });
});
