import { setTimeout as sleep } from 'node:timers/promises';
import type { RequestLogPage } from '@sandbox/contracts';
import { requestLogStreamRefusals } from '@sandbox/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndVerify } from '../../test/support/accounts.js';
import { logHolding, notesYaml, readLog } from '../../test/support/requestLog/notesApi.js';
import { openStream } from '../../test/support/requestLog/openStream.js';
import { deploy } from '../../test/support/sandbox.js';
import { dialects } from '../../test/support/scratchDatabase.js';
import { startTestApp, type TestApp } from '../../test/support/testApp.js';

// Issue 25, items 4 and 10: what one reader, one team or one anonymous caller may make the request
// log cost everyone else, tried as an attacker would, over a socket.

type Sandbox = Awaited<ReturnType<typeof deploy>>;
type Auth = { authorization: string };

const KB = 1024;
const LOGGED_CALLS = 1000;

/** About 16 KB of prose, as a note's text: what a text filter has to read through. */
const prose = (n: number) =>
  `Note ${n}: the quick brown fox jumps over the lazy dog, naps in the sun, then runs home. `
    .repeat(200)
    .slice(0, 16 * KB);

/** `count` calls of 16 KB each way, written to the log before it returns (none left out). */
async function logLargeCalls(app: TestApp, sandbox: Sandbox, count: number): Promise<void> {
  const group = 50;
  for (let start = 0; start < count; start += group) {
    const calls = [];
    for (let n = start; n < Math.min(start + group, count); n++)
      calls.push(sandbox.call('POST', `/notes?n=${n}`, { body: { text: prose(n) } }));
    for (const call of await Promise.all(calls)) expect(call.statusCode).toBe(201);
    // a batch keeps an API's newest 100 calls: each group is written before the next is sent
    const expected = Math.min(start + group, count);
    for (let waited = 0; (await loggedCount(app, sandbox.api.id)) < expected; waited += 50) {
      if (waited > 10_000) throw new Error(`the log did not get to ${expected} calls`);
      await sleep(50);
    }
  }
}

/** The median time `/api/health` takes over a socket, in milliseconds. */
async function healthMedianMs(origin: string, samples = 40): Promise<number> {
  const times: number[] = [];
  for (let n = 0; n < samples; n++) {
    const started = performance.now();
    const res = await fetch(`${origin}/api/health`);
    await res.text();
    times.push(performance.now() - started);
    await sleep(20);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(samples / 2)];
}

async function sandboxToken(app: TestApp, auth: Auth, apiMasterId: number): Promise<Auth> {
  const token = (await app.server.inject({ url: `/api/generateToken/${apiMasterId}`, headers: auth })).json();
  return { authorization: `Bearer ${token.generatedAccessToken}` };
}

describe.each(dialects)('the request log of an API with 1,000 logged 16 KB calls on %s', (dialect) => {
  let app: TestApp;
  let auth: Auth;
  let sandbox: Sandbox;
  beforeAll(async () => {
    app = await startTestApp(dialect);
    ({ auth } = await signUpAndVerify(app));
    sandbox = await deploy(app, auth, notesYaml);
    await logLargeCalls(app, sandbox, LOGGED_CALLS);
  }, 120_000);
  afterAll(() => app.close());

  it('keeps /api/health quick while twenty idle streams read from the first entry with a text nothing matches', async () => {
    const readers = [
      await sandboxToken(app, auth, sandbox.api.id),
      await sandboxToken(app, auth, sandbox.api.id),
    ];
    const streams = [];
    for (let n = 0; n < 20; n++) {
      const stream = await openStream(sandbox.origin, sandbox.api.id, readers[n % 2], {
        query: 'text=nothing-logged-says-this',
        lastEventId: 0,
      });
      expect(stream.status).toBe(200);
      streams.push(stream);
    }
    try {
      // past the streams' first look at what is stored, and past several of any poll
      await sleep(1500);
      const median = await healthMedianMs(sandbox.origin);
      console.info(`/api/health p50 with 20 idle streams on ${dialect}: ${median.toFixed(1)} ms`);
      expect(median).toBeLessThan(50);
    } finally {
      for (const stream of streams) stream.close();
    }
  }, 60_000);

  it('answers a list of 200 entries in pages under 1 MB, the rest reached through nextBefore', async () => {
    const seen: number[] = [];
    let before: number | null | undefined;
    let largest = 0;
    while (before !== null) {
      const res = await readLog(app, auth, sandbox.api.id, `limit=200${before ? `&before=${before}` : ''}`);
      expect(res.statusCode).toBe(200);
      largest = Math.max(largest, res.rawPayload.length);
      expect(res.rawPayload.length).toBeLessThan(1024 * KB);
      const page: RequestLogPage = res.json();
      expect(page.items.length).toBeGreaterThan(0);
      seen.push(...page.items.map((e) => e.id));
      before = page.nextBefore;
      if (before !== null) expect(before).toBe(page.items.at(-1)?.id);
    }
    console.info(`largest list answer on ${dialect}: ${largest} bytes`);
    // every entry once, newest first
    expect(seen).toHaveLength(LOGGED_CALLS);
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
    expect(new Set(seen).size).toBe(LOGGED_CALLS);
  }, 60_000);

  it('still streams a new call that matches, after passing over those that do not', async () => {
    const stream = await openStream(sandbox.origin, sandbox.api.id, auth, {
      query: 'text=needle-in-the-log',
      lastEventId: 0,
    });
    try {
      await sleep(300);
      await sandbox.call('POST', '/notes', { body: { text: 'a needle-in-the-log' } });
      const event = await stream.next();
      expect(JSON.parse(event.data)).toMatchObject({
        method: 'POST',
        requestBody: '{"text":"a needle-in-the-log"}',
      });
    } finally {
      stream.close();
    }
  });
});

describe.each(dialects)('the request log streams one team may open on %s', (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(dialect, { REQUEST_LOG_TEAM_STREAMS: '3' });
  });
  afterAll(() => app.close());

  it('refuses a team’s streams past REQUEST_LOG_TEAM_STREAMS with 429 and says why, other teams unaffected', async () => {
    const { auth } = await signUpAndVerify(app);
    // three APIs and a token each: no API, no reader is at its own cap
    const apis = [];
    for (let n = 0; n < 4; n++) apis.push(await deploy(app, auth, notesYaml));
    const open = [];
    for (const api of apis.slice(0, 3))
      open.push(await openStream(api.origin, api.api.id, await sandboxToken(app, auth, api.api.id)));
    expect(open.map((s) => s.status)).toEqual([200, 200, 200]);

    const last = apis[3];
    const refused = await openStream(last.origin, last.api.id, await sandboxToken(app, auth, last.api.id));
    expect(refused.status).toBe(429);
    expect(refused.message).toBe(requestLogStreamRefusals.team);
    expect(refused.headers.get('retry-after')).toBe('5');

    const other = await signUpAndVerify(app);
    const theirs = await deploy(app, other.auth, notesYaml);
    const allowed = await openStream(theirs.origin, theirs.api.id, other.auth);
    expect(allowed.status).toBe(200);
    allowed.close();

    // a place freed is a place taken again
    open.pop()?.close();
    await expect
      .poll(async () => {
        const again = await openStream(last.origin, last.api.id, auth);
        again.close();
        return again.status;
      })
      .toBe(200);
    for (const stream of open) stream.close();
  });
});

describe.each(dialects)('what the request log keeps of one call on %s', (dialect) => {
  let app: TestApp;
  let auth: Auth;
  beforeAll(async () => {
    app = await startTestApp(dialect);
    ({ auth } = await signUpAndVerify(app));
  });
  afterAll(() => app.close());

  /** A call as large as Node lets its request line and headers be, with a body past the log's cut. */
  const hostileCall = (sandbox: Sandbox, n: number) => {
    const headers: Record<string, string> = { 'x-long': 'h'.repeat(3000) };
    for (let h = 0; h < 60; h++) headers[`x-many-${h}`] = 'v'.repeat(40);
    return sandbox.call('POST', `/unknown/${n}/${'p'.repeat(3000)}?q=${'q'.repeat(3000)}`, {
      headers,
      body: 'b'.repeat(40 * KB),
    });
  };

  it('cuts a long path, query and header value and a crowd of headers, and says what it cut', async () => {
    const sandbox = await deploy(app, auth, notesYaml);
    expect((await hostileCall(sandbox, 1)).statusCode).toBe(404);
    const [entry] = await logHolding(app, auth, sandbox.api.id, 1);
    expect(entry.path).toBe(`/unknown/1/${'p'.repeat(3000)}`.slice(0, 1024));
    expect(entry.query).toBe(`q=${'q'.repeat(3000)}`.slice(0, 1024));
    expect(entry.requestHeaders['x-long']).toBe('h'.repeat(512));
    expect(Object.keys(entry.requestHeaders)).toHaveLength(40);
    expect(entry.requestBodyTruncated).toBe(true);
    expect(entry.truncatedFields).toEqual(['path', 'query', 'requestHeaders']);
  });

  it('marks nothing cut on an ordinary call', async () => {
    const sandbox = await deploy(app, auth, notesYaml);
    await sandbox.call('GET', '/notes?page=1');
    const [entry] = await logHolding(app, auth, sandbox.api.id, 1);
    expect(entry.truncatedFields).toEqual([]);
  });

  it('stores no more of 100 hostile calls than its caps allow', async () => {
    const sandbox = await deploy(app, auth, notesYaml);
    for (let n = 0; n < 100; n += 10) {
      await Promise.all(Array.from({ length: 10 }, (_, k) => hostileCall(sandbox, n + k)));
    }
    await expect.poll(() => loggedCount(app, sandbox.api.id), { timeout: 5000 }).toBe(100);
    const bytes = await storedBytes(app, sandbox.api.id);
    console.info(`100 hostile calls stored ${bytes} bytes on ${dialect}`);
    // path and query 1 KB each, 40 headers of 512 + 512 characters at most, bodies 16 KB each way
    expect(bytes / 100).toBeLessThan(2 * KB + 40 * (KB + 8) + 32 * KB + 2 * KB);
    expect(bytes / 100).toBeLessThan(28 * KB);
  });
});

describe.each(dialects)('the request log’s caps, set smaller, on %s', (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(dialect, {
      REQUEST_LOG_PATH_CHARS: '16',
      REQUEST_LOG_QUERY_CHARS: '8',
      REQUEST_LOG_HEADER_CHARS: '12',
      REQUEST_LOG_HEADERS: '3',
      REQUEST_LOG_BODY_CHARS: '20',
    });
  });
  afterAll(() => app.close());

  it('cuts each field to its setting, the answer’s headers and body too', async () => {
    const { auth } = await signUpAndVerify(app);
    const sandbox = await deploy(app, auth, notesYaml);
    await sandbox.call('POST', '/notes?draft=yes&tags=a,b', {
      headers: { 'x-trace': 'a-trace-id-of-some-length' },
      body: { text: 'a note longer than twenty characters' },
    });
    const [entry] = await logHolding(app, auth, sandbox.api.id, 1);
    expect(entry.path).toBe('/notes');
    expect(entry.query).toBe('draft=ye');
    expect(Object.keys(entry.requestHeaders)).toHaveLength(3);
    for (const value of Object.values(entry.requestHeaders)) expect(value.length).toBeLessThanOrEqual(12);
    // names cut as short as this may fall together: fewer still
    expect(Object.keys(entry.responseHeaders).length).toBeLessThanOrEqual(3);
    expect(entry.requestBody).toBe('{"text":"a note long');
    expect(entry.requestBodyTruncated).toBe(true);
    expect(entry.responseBody).toHaveLength(20);
    expect(entry.responseBodyTruncated).toBe(true);
    expect(entry.truncatedFields).toEqual(['query', 'requestHeaders', 'responseHeaders']);
  });
});

/** What the API's log holds, in characters of its texts: how the database grows with it. */
async function storedBytes(app: TestApp, apiMasterId: number) {
  const rows = await app.db.kysely
    .selectFrom('request_log')
    .select(['path', 'query', 'request_headers', 'request_body', 'response_headers', 'response_body'])
    .where('api_master_id', '=', apiMasterId)
    .execute();
  let bytes = 0;
  for (const row of rows) for (const text of Object.values(row)) bytes += Buffer.byteLength(text ?? '');
  return bytes;
}

async function loggedCount(app: TestApp, apiMasterId: number): Promise<number> {
  const row = await app.db.kysely
    .selectFrom('request_log')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('api_master_id', '=', apiMasterId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
