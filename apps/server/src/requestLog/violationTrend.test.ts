import { type RequestLogViolations, requestLogPaths, upstreamPaths } from '@sandbox/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndVerify } from '../../test/support/accounts.js';
import { logHolding } from '../../test/support/requestLog/notesApi.js';
import { deploy } from '../../test/support/sandbox.js';
import { dialects } from '../../test/support/scratchDatabase.js';
import { startTestApp, type TestApp } from '../../test/support/testApp.js';
import { petstoreBackend, readmePetstore } from '../../test/support/upstream/petstoreBackend.js';

// The backend listens on 127.0.0.2, which the test's resolver gives petstore.example (see hostedProxy.test.ts).
const BACKEND_ADDRESS = '127.0.0.2';
const apiKey = { api_key: 'special-key' };
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

describe.each(dialects)('violations per operation over time on %s', (dialect) => {
  let app: TestApp;
  let auth: { authorization: string };
  const backend = petstoreBackend();
  let upstream: string;
  let clock = Date.parse('2026-03-01T12:00:00Z');

  beforeAll(async () => {
    const port = await backend.listen(BACKEND_ADDRESS);
    upstream = `http://petstore.example:${port}/v2`;
    app = await startTestApp(
      dialect,
      { REQUEST_LOG_DAYS: '7' },
      {
        requestLogClock: () => clock,
        labNetwork: {
          resolve: async () => [{ address: BACKEND_ADDRESS, family: 4 }],
          allowAddress: (address) => address === BACKEND_ADDRESS,
          timeoutMs: 2000,
        },
      },
    );
    ({ auth } = await signUpAndVerify(app));
  });
  afterAll(async () => {
    await app?.close();
    backend.close();
  });

  async function forwardingPetstore() {
    const sandbox = await deploy(app, auth, readmePetstore);
    const set = await app.server.inject({
      method: 'PUT',
      url: upstreamPaths.upstreamUrl(sandbox.api.id),
      payload: { upstreamUrl: upstream },
      headers: auth,
    });
    expect(set.statusCode).toBe(200);
    return sandbox;
  }

  const countsOf = (apiMasterId: number, query = '', headers: Record<string, string> = auth) =>
    app.server.inject({ url: `${requestLogPaths.violations(apiMasterId)}?${query}`, headers });

  it('counts forwarded calls and each side’s violations per operation and hour, in total and per bucket', async () => {
    clock = Date.parse('2026-03-01T12:00:00Z');
    const sandbox = await forwardingPetstore();
    clock = Date.parse('2026-03-01T10:15:00Z');
    await sandbox.call('GET', '/pet/1', { headers: apiKey }); // keeps the contract
    await sandbox.call('GET', '/pet/3', { headers: apiKey }); // a name that is not a string
    clock = Date.parse('2026-03-01T10:59:59.999Z');
    await sandbox.call('POST', '/store/order', { body: { petId: 1, quantity: 'two' } });
    clock = Date.parse('2026-03-01T12:30:00Z');
    await sandbox.call('GET', '/pet/3', { headers: apiKey });
    await sandbox.call('GET', '/pet/3', { headers: apiKey });
    await sandbox.call('GET', '/store/inventory', { headers: apiKey });
    await logHolding(app, auth, sandbox.api.id, 6);

    const answer = await countsOf(sandbox.api.id, 'from=2026-03-01T09:00:00Z&to=2026-03-01T13:00:00Z');
    expect(answer.statusCode).toBe(200);
    const counts = answer.json() as RequestLogViolations;
    expect(counts).toMatchObject({
      from: '2026-03-01T09:00:00.000Z',
      to: '2026-03-01T13:00:00.000Z',
      bucket: 'hour',
    });
    expect(counts.operations.map((o) => o.operation)).toEqual([
      'GET /pet/{petId}',
      'POST /store/order',
      'GET /store/inventory',
    ]);
    const [pet, order, inventory] = counts.operations;
    expect(pet).toEqual({
      operation: 'GET /pet/{petId}',
      calls: 4,
      request: 0,
      response: 3,
      buckets: [
        { start: '2026-03-01T10:00:00.000Z', calls: 2, request: 0, response: 1 },
        { start: '2026-03-01T12:00:00.000Z', calls: 2, request: 0, response: 2 },
      ],
    });
    expect(order.calls).toBe(1);
    expect(order.request).toBeGreaterThan(0);
    expect(order.buckets.map((b) => b.start)).toEqual(['2026-03-01T10:00:00.000Z']);
    expect(inventory).toMatchObject({ calls: 1, request: 0, response: 0 });

    // `to` is before: the calls of 12:30 are outside a window ending then
    const earlier = (
      await countsOf(sandbox.api.id, 'from=2026-03-01T10:00:00Z&to=2026-03-01T12:30:00Z')
    ).json() as RequestLogViolations;
    expect(earlier.operations.find((o) => o.operation === 'GET /pet/{petId}')).toMatchObject({
      calls: 2,
      response: 1,
    });
  });

  it('cuts a longer window into days, over what the log keeps, and leaves mocked calls out', async () => {
    clock = Date.parse('2026-04-01T12:00:00Z');
    const sandbox = await forwardingPetstore();
    clock = Date.parse('2026-04-01T08:00:00Z');
    await sandbox.call('GET', '/pet/3', { headers: apiKey });
    clock = Date.parse('2026-04-03T23:00:00Z');
    await sandbox.call('GET', '/pet/2', { headers: apiKey });
    await sandbox.call('GET', '/pet/1', { headers: apiKey });
    clock = Date.parse('2026-04-04T01:00:00Z');
    await sandbox.call('GET', '/pet/1', { headers: apiKey });
    // the same API answering itself: not forwarded, not counted
    await app.server.inject({
      method: 'PUT',
      url: upstreamPaths.upstreamUrl(sandbox.api.id),
      payload: { upstreamUrl: null },
      headers: auth,
    });
    await sandbox.call('GET', '/pet/1', { headers: apiKey });
    await logHolding(app, auth, sandbox.api.id, 5);

    clock = Date.parse('2026-04-09T00:00:00Z');
    // by default, the whole log: REQUEST_LOG_DAYS (7) back from now, in days
    const counts = (await countsOf(sandbox.api.id)).json() as RequestLogViolations;
    expect(counts).toMatchObject({
      from: '2026-04-02T00:00:00.000Z',
      to: '2026-04-09T00:00:00.000Z',
      bucket: 'day',
    });
    expect(counts.operations).toEqual([
      {
        operation: 'GET /pet/{petId}',
        calls: 3,
        request: 0,
        response: 1,
        buckets: [
          { start: '2026-04-03T00:00:00.000Z', calls: 2, request: 0, response: 1 },
          { start: '2026-04-04T00:00:00.000Z', calls: 1, request: 0, response: 0 },
        ],
      },
    ]);
  });

  it('refuses a window of more buckets than it answers, and one that ends before it starts', async () => {
    const sandbox = await forwardingPetstore();
    clock = Date.parse('2026-05-20T00:00:00Z');
    const hourly = await countsOf(
      sandbox.api.id,
      'from=2026-05-19T00:00:00Z&to=2026-05-28T00:00:00Z&bucket=hour',
    );
    expect(hourly.statusCode).toBe(400);
    expect(hourly.json().message).toBe(
      'The window spans 216 hours, more than 200: ask for a shorter window or bucket=day',
    );
    const daily = await countsOf(
      sandbox.api.id,
      `from=2026-05-19T00:00:00Z&to=${new Date(clock + 300 * DAY_MS).toISOString()}`,
    );
    expect(daily.statusCode).toBe(400);
    expect(daily.json().message).toMatch(/more than 200: ask for a shorter window$/);
    const backwards = await countsOf(sandbox.api.id, 'from=2026-05-19T00:00:00Z&to=2026-05-18T00:00:00Z');
    expect(backwards.statusCode).toBe(400);
    expect((await countsOf(sandbox.api.id, 'bucket=week')).statusCode).toBe(400);
    // 200 hours is as many as it answers
    const most = await countsOf(
      sandbox.api.id,
      `from=2026-05-19T00:00:00Z&to=${new Date(Date.parse('2026-05-19T00:00:00Z') + 200 * HOUR_MS).toISOString()}&bucket=hour`,
    );
    expect(most.statusCode).toBe(200);
    expect(most.json().bucket).toBe('hour');
  });

  it('is read by the API’s team and its sandbox tokens, no one else', async () => {
    const sandbox = await forwardingPetstore();
    const token = (
      await app.server.inject({ url: `/api/generateToken/${sandbox.api.id}`, headers: auth })
    ).json();
    const stranger = await signUpAndVerify(app);
    const bearer = { authorization: `Bearer ${token.generatedAccessToken}` };
    expect((await countsOf(sandbox.api.id, '', bearer)).statusCode).toBe(200);
    expect((await countsOf(sandbox.api.id, '', stranger.auth)).statusCode).toBe(404);
    expect((await countsOf(sandbox.api.id, '', {})).statusCode).toBe(403);
  });
});
