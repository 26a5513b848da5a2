import { request as httpRequest } from 'node:http';
import {
  type ApiMasterDetail,
  type Behaviour,
  behaviourMessages,
  type EndpointDetail,
  ROLE_VIEWER,
  requestLogPaths,
  SIMULATION_OPT_OUT_HEADER,
} from '@sandbox/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signUpAndVerify } from '../../test/support/accounts.js';
import { deploy } from '../../test/support/sandbox.js';
import { dialects } from '../../test/support/scratchDatabase.js';
import { joinTeam } from '../../test/support/team/teamJourneys.js';
import { startTestApp, type TestApp } from '../../test/support/testApp.js';

// Traffic simulation: an endpoint told to be slow or to fail does so in the sandbox, for real clients.
const document = `
openapi: 3.0.3
info: { title: Slow shop, version: 1.0.0 }
paths:
  /orders:
    get:
      responses:
        '200':
          description: Orders
          content:
            application/json:
              schema: { type: array, items: { type: object } }
              example: [{ id: 1 }]
        '429':
          description: Too many requests
          content:
            application/json:
              example: { reason: 'slow down' }
  /stock:
    get:
      responses:
        '200':
          description: Stock
          content:
            application/json:
              example: { count: 3 }
`;

/** A seeded generator (mulberry32): the same draws on every run, so shares are exact, not luck. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe.each(dialects)('traffic simulation, on %s', (dialect) => {
  let app: TestApp;
  let auth: { authorization: string };
  let sandbox: Awaited<ReturnType<typeof deploy>>;
  const endpointId = (path: string) =>
    sandbox.api.apiConfigList.find((e) => e.apiEndPoint === path)?.id as number;

  const setBehaviour = (path: string, behaviour: Partial<Behaviour>, headers = auth) =>
    app.server.inject({
      method: 'PUT',
      url: requestLogPaths.endpointBehaviour(sandbox.api.id, endpointId(path)),
      headers,
      payload: behaviour,
    });
  const setApiBehaviour = (behaviour: Partial<Behaviour>, headers = auth) =>
    app.server.inject({
      method: 'PUT',
      url: requestLogPaths.apiBehaviour(sandbox.api.id),
      headers,
      payload: behaviour,
    });
  const endpointDetail = async (path: string, headers = auth) =>
    (
      await app.server.inject({ url: `/api/api-config/${sandbox.api.id}/${endpointId(path)}`, headers })
    ).json<EndpointDetail>();
  const timed = async (path: string, headers: Record<string, string> = {}) => {
    const started = performance.now();
    const res = await sandbox.call('GET', path, { headers });
    return { res, ms: performance.now() - started };
  };

  beforeAll(async () => {
    app = await startTestApp(dialect, {}, { simulationRandom: seeded(12) });
    ({ auth } = await signUpAndVerify(app));
    sandbox = await deploy(app, auth, document);
  });
  afterAll(() => app.close());
  beforeEach(async () => {
    for (const path of ['/orders', '/stock']) {
      await app.server.inject({
        method: 'DELETE',
        url: requestLogPaths.endpointBehaviour(sandbox.api.id, endpointId(path)),
        headers: auth,
      });
    }
    await app.server.inject({
      method: 'DELETE',
      url: requestLogPaths.apiBehaviour(sandbox.api.id),
      headers: auth,
    });
  });

  // a real timer, measured loosely (as the issue asks): the time of the same call without simulation
  // is taken off, and a run on a machine busy enough to stall the event loop is tried again
  it('answers after the fixed delay, within 50 ms of a second', { retry: 2 }, async () => {
    expect((await setBehaviour('/orders', { delayMs: 1000 })).statusCode).toBe(200);
    // the API is compiled again after a change: the first call pays for it, not the ones measured
    const optOut = { [SIMULATION_OPT_OUT_HEADER]: 'off' };
    await sandbox.call('GET', '/orders', { headers: optOut });
    const plain = await timed('/orders', optOut);
    const { res, ms } = await timed('/orders');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ id: 1 }]);
    expect(ms).toBeGreaterThanOrEqual(999);
    expect(ms - plain.ms).toBeGreaterThanOrEqual(950);
    expect(ms - plain.ms).toBeLessThanOrEqual(1050);
  });

  it('fails the share of 1,000 calls it is told to, each with problem details of the status', async () => {
    await setBehaviour('/orders', { failureRate: 30, failureStatus: 503 });
    let failed = 0;
    for (let i = 0; i < 1000; i += 1) {
      const res = await sandbox.call('GET', '/orders');
      if (res.statusCode === 200) continue;
      expect(res.statusCode).toBe(503);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.json()).toMatchObject({ status: 503, title: 'Service Unavailable' });
      failed += 1;
    }
    expect(Math.abs(failed - 300)).toBeLessThanOrEqual(50);
  });

  it('answers a failure with a status the endpoint declares as it declares it', async () => {
    await setBehaviour('/orders', { failureRate: 100, failureStatus: 429 });
    const res = await sandbox.call('GET', '/orders');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ reason: 'slow down' });
  });

  it('drops the connection without an answer when told to', async () => {
    await setBehaviour('/orders', { failureRate: 100, failureStatus: 0 });
    const outcome = await new Promise<string>((resolve) => {
      const url = new URL(`${sandbox.origin}${sandbox.base}/orders`);
      httpRequest(url, (res) => resolve(`answered ${res.statusCode}`))
        .on('error', (error) => resolve(error.message))
        .end();
    });
    expect(outcome).toBe('socket hang up');
  });

  it('answers a call that opts out at once and as configured', async () => {
    await setBehaviour('/orders', { delayMs: 5000, failureRate: 100, failureStatus: 503 });
    const { res, ms } = await timed('/orders', { [SIMULATION_OPT_OUT_HEADER]: 'off' });
    expect(res.statusCode).toBe(200);
    expect(ms).toBeLessThan(2000);
  });

  it('answers other requests while 100 delayed calls wait', async () => {
    await setBehaviour('/orders', { delayMs: 3000 });
    let delayedDone = 0;
    const delayed = Array.from({ length: 100 }, () =>
      sandbox.call('GET', '/orders').then((res) => {
        delayedDone += 1;
        return res.statusCode;
      }),
    );
    // every delayed call has reached the server before the health check is sent
    const connections = () =>
      new Promise<number>((resolve) => app.server.server.getConnections((_e, n) => resolve(n)));
    for (let tries = 0; (await connections()) < 100 && tries < 200; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const health = await fetch(`${sandbox.origin}/api/health`);
    expect(health.status).toBe(200);
    expect(delayedDone).toBe(0);
    expect(await Promise.all(delayed)).toEqual(Array(100).fill(200));
  });

  it("uses the API's default for an endpoint without its own, and shows where each comes from", async () => {
    expect((await setApiBehaviour({ failureRate: 100, failureStatus: 502 })).statusCode).toBe(200);
    await setBehaviour('/orders', { delayMs: 0 });
    expect((await sandbox.call('GET', '/orders')).statusCode).toBe(200);
    expect((await sandbox.call('GET', '/stock')).statusCode).toBe(502);

    const own = await endpointDetail('/orders');
    expect(own.behaviour).toMatchObject({ delayMs: 0, failureRate: 0 });
    expect(own.apiBehaviour).toMatchObject({ failureRate: 100, failureStatus: 502 });
    const inherited = await endpointDetail('/stock');
    expect(inherited.behaviour).toBeNull();
    const api = await app.server.inject({ url: `/api/api-config-master/${sandbox.api.id}`, headers: auth });
    expect(api.json<ApiMasterDetail>().behaviour).toEqual({
      delayMs: 0,
      delayMaxMs: null,
      failureRate: 100,
      failureStatus: 502,
    });

    const removed = await app.server.inject({
      method: 'DELETE',
      url: requestLogPaths.endpointBehaviour(sandbox.api.id, endpointId('/orders')),
      headers: auth,
    });
    expect(removed.json().message).toBe(behaviourMessages.removed);
    expect((await sandbox.call('GET', '/orders')).statusCode).toBe(502);
  });

  it('still answers 401 to a call without a token of an API that requires one', async () => {
    await setApiBehaviour({ failureRate: 100, failureStatus: 503, delayMs: 3000 });
    const saved = await app.server.inject({
      method: 'POST',
      url: '/api/api-config-master',
      headers: auth,
      payload: {
        id: sandbox.api.id,
        apiMasterName: 'Slow shop',
        apiVersion: '1.0',
        apiDescription: 'Slow',
        isAuthRequired: true,
      },
    });
    expect(saved.statusCode).toBe(200);
    const { res, ms } = await timed('/orders');
    expect(res.statusCode).toBe(401);
    expect(ms).toBeLessThan(2000);
    await app.server.inject({
      method: 'POST',
      url: '/api/api-config-master',
      headers: auth,
      payload: {
        id: sandbox.api.id,
        apiMasterName: 'Slow shop',
        apiVersion: '1.0',
        apiDescription: 'Slow',
        isAuthRequired: false,
      },
    });
  });

  it('refuses a failure status the endpoint does not declare, and a delay over a minute', async () => {
    const undeclared = await setBehaviour('/orders', { failureRate: 10, failureStatus: 404 });
    expect(undeclared.statusCode).toBe(400);
    expect(undeclared.json().message).toBe(behaviourMessages.endpointStatus);
    expect((await setBehaviour('/orders', { delayMs: 60_001 })).statusCode).toBe(400);
    expect((await setBehaviour('/orders', { delayMs: 500, delayMaxMs: 100 })).statusCode).toBe(400);
    expect((await setBehaviour('/orders', { failureRate: 101 })).statusCode).toBe(400);
    const notAFailure = await setApiBehaviour({ failureRate: 10, failureStatus: 302 });
    expect(notAFailure.json().message).toBe(behaviourMessages.apiStatus);
    expect((await setApiBehaviour({ failureRate: 10, failureStatus: 404 })).statusCode).toBe(200);
  });

  it('lets a Viewer read the behaviour but not change or remove it', async () => {
    await setBehaviour('/orders', { delayMs: 20, delayMaxMs: 40 });
    const viewer = await joinTeam(app, auth, ROLE_VIEWER);
    expect((await setBehaviour('/orders', { delayMs: 0 }, viewer.auth)).statusCode).toBe(403);
    expect((await setApiBehaviour({ delayMs: 0 }, viewer.auth)).statusCode).toBe(403);
    const removed = await app.server.inject({
      method: 'DELETE',
      url: requestLogPaths.endpointBehaviour(sandbox.api.id, endpointId('/orders')),
      headers: viewer.auth,
    });
    expect(removed.statusCode).toBe(403);
    expect((await endpointDetail('/orders', viewer.auth)).behaviour).toMatchObject({
      delayMs: 20,
      delayMaxMs: 40,
    });
  });
});
