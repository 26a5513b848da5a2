import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterEach, describe, expect, it } from 'vitest';
import { signUpAndVerify } from '../../test/support/accounts.js';
import { petstoreYaml } from '../../test/support/petstore.js';
import { deploy } from '../../test/support/sandbox.js';
import { dialects } from '../../test/support/scratchDatabase.js';
import { startTestApp, type TestApp } from '../../test/support/testApp.js';
import { FRESH_MS } from '../sandbox/usageEstimate.js';

const petstore = readFileSync(
  createRequire(import.meta.url).resolve('@readme/oas-examples/3.0/json/petstore.json'),
  'utf8',
);
const TOKEN = 'a-metrics-token-for-tests';

/** The value of one sample of the text format, e.g. `sandbox_requests_total{api="3",status_class="2xx"}`. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const [, inside = ''] = /\{(.*)\}/.exec(line) ?? [];
    const present = inside.split(',');
    if (wanted.every((label) => present.includes(label))) return Number(line.split(' ').at(-1));
  }
  return undefined;
}

async function scrapeOf(app: TestApp): Promise<string> {
  const res = await app.server.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.body;
}

describe.each(dialects)('metrics, on %s', (dialect) => {
  let app: TestApp;
  afterEach(() => app.close());

  const scrape = () => scrapeOf(app);

  it('counts each deployed API’s sandbox calls by status class, its validation failures, and the control plane by route', async () => {
    app = await startTestApp(dialect, { METRICS_TOKEN: TOKEN });
    const { auth } = await signUpAndVerify(app);
    const sandbox = await deploy(app, auth, petstore);
    const api = String(sandbox.api.id);
    const headers = { authorization: 'Bearer a-token', accept: 'application/json' };
    for (let i = 0; i < 3; i++)
      expect((await sandbox.call('GET', '/pet/findByStatus?status=sold', { headers })).statusCode).toBe(200);
    expect((await sandbox.call('GET', '/pet/findByStatus?status=lost', { headers })).statusCode).toBe(400);
    expect((await sandbox.call('GET', '/nowhere')).statusCode).toBe(404);
    expect((await app.server.inject('/sandbox/no-such-api/pet/1')).statusCode).toBe(404);

    const text = await scrape();
    expect(text).toContain('# TYPE sandbox_request_duration_seconds histogram');
    expect(sample(text, 'sandbox_requests_total', { api: 'none', status_class: '4xx' })).toBe(1);
    expect(sample(text, 'sandbox_requests_total', { api, status_class: '2xx' })).toBe(3);
    expect(sample(text, 'sandbox_requests_total', { api, status_class: '4xx' })).toBe(2);
    expect(sample(text, 'sandbox_validation_failures_total', { api })).toBe(1);
    expect(sample(text, 'sandbox_request_duration_seconds_count', { api })).toBe(5);
    // a histogram's buckets count every call at or under their bound: never fewer as the bound grows
    const bounds = ['0.001', '0.005', '0.05', '0.5', '5', '10', '+Inf'];
    const buckets = bounds.map((le) => sample(text, 'sandbox_request_duration_seconds_bucket', { api, le }));
    expect(buckets.at(-1)).toBe(5);
    expect(buckets).toEqual([...buckets].sort((a, b) => (a as number) - (b as number)));
    expect(sample(text, 'sandbox_request_duration_seconds_sum', { api })).toBeGreaterThan(0);
    expect(
      sample(text, 'http_requests_total', {
        method: 'POST',
        route: '/api/v1/auth/authenticate',
        status_code: '200',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, 'http_request_duration_seconds_count', {
        method: 'POST',
        route: '/api/v1/auth/authenticate',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    if (dialect === 'postgres') expect(sample(text, 'db_pool_connections')).toBeGreaterThanOrEqual(1);
  });

  it('asks for its token, and is not there unless turned on', async () => {
    app = await startTestApp(dialect, { METRICS_TOKEN: TOKEN });
    expect((await app.server.inject('/metrics')).statusCode).toBe(401);
    const wrong = await app.server.inject({
      url: '/metrics',
      headers: { authorization: 'Bearer not-the-token-at-all' },
    });
    expect(wrong.statusCode).toBe(401);
    await app.close();
    app = await startTestApp(dialect);
    const off = await app.server.inject('/metrics');
    expect(off.headers['content-type'] ?? '').not.toMatch(/^text\/plain; version/);
    expect(off.body).not.toContain('sandbox_requests_total');
  });
});

describe.runIf(dialects.includes('postgres'))('round trips to PostgreSQL', () => {
  let app: TestApp;
  afterEach(() => app.close());

  it('count one for a GET of a stored record, one for a valid POST', async () => {
    app = await startTestApp('postgres', { METRICS_TOKEN: TOKEN, REQUEST_LOG: 'off' });
    const { auth } = await signUpAndVerify(app);
    const sandbox = await deploy(app, auth, petstoreYaml);
    const created = await sandbox.call('POST', '/pets', { body: { name: 'Rex', tag: 'dog' } });
    expect(created.statusCode).toBe(201);
    const sent = async () => sample(await scrapeOf(app), 'db_queries_total') as number;
    // what the server does meanwhile on its own (its mail outbox looks every 30 s) adds a few
    const CALLS = 50;
    const BACKGROUND = 5;
    const before = await sent();
    for (let i = 0; i < CALLS; i++)
      expect((await sandbox.call('GET', `/pets/${created.json().id}`)).statusCode).toBe(200);
    const afterReads = await sent();
    expect(afterReads - before).toBeGreaterThanOrEqual(CALLS);
    expect(afterReads - before).toBeLessThan(CALLS + BACKGROUND);
    const started = performance.now();
    for (let i = 0; i < CALLS; i++)
      expect((await sandbox.call('POST', '/pets', { body: { name: `Rex ${i}` } })).statusCode).toBe(201);
    // and a write reads the API's storage use again once the last reading is FRESH_MS old: the slower
    // the machine, the more of them
    const usageReads = Math.ceil((performance.now() - started) / FRESH_MS) + 1;
    expect((await sent()) - afterReads).toBeLessThan(CALLS + usageReads + BACKGROUND);
  });
});
