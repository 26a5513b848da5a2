import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type ApiMaster,
  type CopilotRequest,
  copilotMessages,
  copilotPaths,
  testDataPaths,
  ZCopilotRequest,
} from '@sandbox/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndVerify } from '../../test/support/accounts.js';
import { importApi } from '../../test/support/catalog.js';
import { startFakeAi } from '../../test/support/copilot/fakeAiServer.js';
import { petstoreYaml } from '../../test/support/petstore.js';
import { dialects } from '../../test/support/scratchDatabase.js';
import { startTestApp, type TestApp } from '../../test/support/testApp.js';
import { loadConfig, parseRateLimit } from '../config.js';
import { generateSpec } from './generateSpec.js';

const request: CopilotRequest = {
  projectName: 'Pets',
  description: 'A pet shop',
  endpoints: [{ method: 'GET', url: '/pets', description: 'List pets' }],
};
const goodDocument = JSON.stringify(generateSpec(ZCopilotRequest.parse(request)));

async function aTeam(app: TestApp) {
  const { auth } = await signUpAndVerify(app);
  const api: ApiMaster = (await importApi(app, auth, petstoreYaml)).json();
  const listPets = api.apiConfigList.find((e) => e.methodType === 'GET' && e.apiEndPoint === '/pets');
  return {
    generateSpec: () =>
      app.server.inject({ method: 'POST', url: copilotPaths.generate, headers: auth, payload: request }),
    generateTestData: () =>
      app.server.inject({ url: testDataPaths.generate(listPets?.id as number), headers: auth }),
  };
}

describe.each(dialects)('the AI rate limit on %s', (dialect) => {
  let app: TestApp;
  let ai: Awaited<ReturnType<typeof startFakeAi>>;
  beforeAll(async () => {
    ai = await startFakeAi();
    app = await startTestApp(dialect, { AI_BASE_URL: ai.baseUrl, AI_RATE_LIMIT: '3/10m' });
  });
  afterAll(async () => {
    await app.close();
    await ai.close();
  });

  it('refuses a team’s calls beyond the limit, before they reach the AI service', async () => {
    const team = await aTeam(app);
    ai.answer(goodDocument, goodDocument, goodDocument);
    for (let call = 1; call <= 3; call++)
      expect((await team.generateSpec()).statusCode, `call ${call}`).toBe(200);
    const sent = ai.received.length;

    const refused = await team.generateSpec();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(copilotMessages.aiRateLimited(600));
    expect(refused.json().message).toBe('Your team has made too many AI requests. Try again in 10 min.');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(590);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(600);

    // test-data generation spends the same budget
    expect((await team.generateTestData()).statusCode).toBe(429);
    expect(ai.received.length).toBe(sent);
  });

  it('counts each team on its own', async () => {
    const busy = await aTeam(app);
    const other = await aTeam(app);
    ai.answer(goodDocument, goodDocument, goodDocument, goodDocument);
    for (let call = 1; call <= 3; call++) await busy.generateSpec();
    expect((await busy.generateSpec()).statusCode).toBe(429);
    expect((await other.generateSpec()).statusCode).toBe(200);
  });
});

describe.each(dialects)('the AI rate limit with the built-in generators on %s', (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(dialect, { AI_RATE_LIMIT: '2/1h' });
  });
  afterAll(() => app.close());

  it('counts them too, so the rule does not change when an AI service is added', async () => {
    const team = await aTeam(app);
    expect((await team.generateTestData()).statusCode).toBe(200);
    expect((await team.generateSpec()).statusCode).toBe(200);
    const refused = await team.generateTestData();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Your team has made too many AI requests. Try again in 60 min.');
  });
});

describe('AI_RATE_LIMIT', () => {
  const limitOf = (value?: string) =>
    loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'config-')), JWT_SECRET: 'x', AI_RATE_LIMIT: value })
      .aiRateLimit;

  it('defaults to 30 calls per team every 10 minutes, and can be turned off', () => {
    expect(limitOf()).toEqual({ max: 30, windowSeconds: 600 });
    expect(limitOf('100/1h')).toEqual({ max: 100, windowSeconds: 3600 });
    expect(limitOf('off')).toBeNull();
  });

  it('refuses a value it cannot read, saying the form it wants', () => {
    for (const value of ['30', 'lots', '0/10m', '30/0', '30/10 minutes'])
      expect(() => parseRateLimit('AI_RATE_LIMIT', value), value).toThrow(
        'AI_RATE_LIMIT must be calls/window (e.g. 30/10m) or off',
      );
  });
});
