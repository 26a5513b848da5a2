import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type ApiMasterDetail, answerSeedMessage, apisPaths, ROLE_VIEWER } from '@sandbox/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndVerify } from '../../test/support/accounts.js';
import { deploy } from '../../test/support/sandbox.js';
import { dialects } from '../../test/support/scratchDatabase.js';
import { joinTeam } from '../../test/support/team/teamJourneys.js';
import { startTestApp, type TestApp } from '../../test/support/testApp.js';

// An API set to answer deterministically (a seed) gives the same request the same generated body.
const petstore = readFileSync(
  createRequire(import.meta.url).resolve('@readme/oas-examples/3.0/json/petstore.json'),
  'utf8',
);

describe.each(dialects)('an API answering deterministically, on %s', (dialect) => {
  let app: TestApp;
  let auth: { authorization: string };
  let sandbox: Awaited<ReturnType<typeof deploy>>;

  const setSeed = (seed: unknown, headers = auth) =>
    app.server.inject({
      method: 'PUT',
      url: apisPaths.answerSeed(sandbox.api.id),
      headers,
      payload: { seed },
    });
  // nothing is stored under /pet, so the list is generated from the document's Pet schema; the
  // operation asks for an OAuth 2 token, which the sandbox takes in any shape
  const pets = async (status = 'available') => {
    const res = await sandbox.call('GET', `/pet/findByStatus?status=${status}`, {
      headers: { accept: 'application/json', prefer: 'dynamic=true', authorization: 'Bearer a-token' },
    });
    expect(res.statusCode).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    app = await startTestApp(dialect);
    ({ auth } = await signUpAndVerify(app));
    sandbox = await deploy(app, auth, petstore);
  });
  afterAll(() => app.close());

  it('answers the same request with the same generated body once a seed is set', async () => {
    expect((await setSeed(42)).statusCode).toBe(200);
    const first = await pets();
    expect(await pets()).toBe(first);
    expect(JSON.parse(first)).toEqual(expect.any(Array));
  });

  it('answers another request, or the same one under another seed, with another body', async () => {
    await setSeed(42);
    const underFortyTwo = await pets();
    expect(await pets('sold')).not.toBe(underFortyTwo);
    await setSeed(43);
    const underFortyThree = await pets();
    expect(underFortyThree).not.toBe(underFortyTwo);
    expect(await pets()).toBe(underFortyThree);
    await setSeed(42);
    expect(await pets()).toBe(underFortyTwo);
  });

  it('shows the seed with the API, and forgets it when cleared', async () => {
    await setSeed(7);
    const detail = async () =>
      (
        await app.server.inject({ url: apisPaths.one(sandbox.api.id), headers: auth })
      ).json<ApiMasterDetail>();
    expect((await detail()).answerSeed).toBe(7);
    expect((await setSeed(null)).statusCode).toBe(200);
    expect((await detail()).answerSeed).toBeNull();
  });

  it('refuses a seed that is not a whole number from 0 to 2^31-1', async () => {
    for (const seed of [-1, 1.5, 2 ** 31, '12', undefined]) {
      const res = await setSeed(seed);
      expect(res.statusCode, String(seed)).toBe(400);
      expect(res.json().message).toBe(answerSeedMessage);
    }
  });

  it('refuses a Viewer', async () => {
    const viewer = await joinTeam(app, auth, ROLE_VIEWER);
    const res = await setSeed(1, viewer.auth);
    expect(res.statusCode).toBe(403);
  });
});
