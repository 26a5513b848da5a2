import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndVerify } from '../../test/support/accounts.js';
import { importFields } from '../../test/support/catalog.js';
import { petstoreYaml } from '../../test/support/petstore.js';
import { deploy } from '../../test/support/sandbox.js';
import { dialects } from '../../test/support/scratchDatabase.js';
import { startTwoInstances, type TestApp } from '../../test/support/testApp.js';

/** What a PostgreSQL restart or failover does to every instance: each of its connections is cut. */
async function cutEveryConnection(databaseUrl: string): Promise<number> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    const { rowCount } = await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
       WHERE datname = current_database() AND pid <> pg_backend_pid()`,
    );
    return rowCount ?? 0;
  } finally {
    await admin.end();
  }
}

describe.each(dialects.filter((d) => d === 'postgres'))('the change feed on %s, cut off', () => {
  let instances: Awaited<ReturnType<typeof startTwoInstances>>;
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    instances = await startTwoInstances();
    ({ first, second } = instances);
  });
  afterAll(() => instances.close());

  it('still refuses a deleted token on the other instance, and still carries config changes', async () => {
    const { auth } = await signUpAndVerify(first);
    const deployed = await deploy(first, auth, petstoreYaml, { ...importFields, isAuthRequired: 'true' });
    const token = (
      await first.server.inject({ url: `/api/generateToken/${deployed.api.id}`, headers: auth })
    ).json();
    const bearer = { authorization: `Bearer ${token.generatedAccessToken}` };
    const onSecond = (method: 'GET' | 'POST', path: string, payload?: object) =>
      second.server.inject({ method, url: `${deployed.base}${path}`, headers: bearer, payload });
    expect((await onSecond('GET', '/owners')).statusCode).toBe(200);

    expect(await cutEveryConnection(instances.databaseUrl)).toBeGreaterThan(0);

    // The pools notice their cut connections on their own; the first calls after the cut may still
    // meet one, so the deletion is retried until the database answers again.
    await expect
      .poll(
        async () =>
          (
            await first.server.inject({
              method: 'DELETE',
              url: `/api/deleteToken/${token.id}`,
              headers: auth,
            })
          ).statusCode,
        { timeout: 10_000 },
      )
      .toBeLessThan(500);
    await expect
      .poll(async () => (await onSecond('GET', '/owners')).statusCode, { timeout: 10_000 })
      .toBe(401);

    const fresh = (
      await first.server.inject({ url: `/api/generateToken/${deployed.api.id}`, headers: auth })
    ).json();
    bearer.authorization = `Bearer ${fresh.generatedAccessToken}`;
    const createPet = deployed.api.apiConfigList.find((e) => e.methodType === 'POST');
    const detail = (
      await first.server.inject({ url: `/api/api-config/${deployed.api.id}/${createPet?.id}`, headers: auth })
    ).json();
    const newPet = detail.schemaMasterList.find((s: { schemaName: string }) => s.schemaName === 'NewPet');
    const props = newPet.configProperties.map((p: { jsonKey: string }) =>
      p.jsonKey === 'name' ? { ...p, maxLength: 2 } : p,
    );
    const saved = await first.server.inject({
      method: 'PUT',
      url: `/api/api-config/${deployed.api.id}/schemas/NewPet`,
      payload: { configProperties: props },
      headers: auth,
    });
    expect(saved.statusCode).toBe(200);

    await expect
      .poll(async () => (await onSecond('POST', '/pets', { name: 'Rex' })).statusCode, { timeout: 10_000 })
      .toBe(422);
  });
});
