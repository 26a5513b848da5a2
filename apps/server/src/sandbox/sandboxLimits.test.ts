import { once } from 'node:events';
import { rmSync } from 'node:fs';
import { type IncomingMessage, request } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndVerify } from '../../test/support/accounts.js';
import { deploy } from '../../test/support/sandbox.js';
import { notesYaml } from '../../test/support/sandboxDocuments.js';
import { createScratchDatabase, dialects } from '../../test/support/scratchDatabase.js';
import { startTestApp, type TestApp } from '../../test/support/testApp.js';

describe.each(dialects)('what one API may store, on %s', (dialect) => {
  let app: TestApp;
  let auth: { authorization: string };
  beforeAll(async () => {
    app = await startTestApp(dialect, { SANDBOX_MAX_RECORDS: '3', SANDBOX_MAX_BYTES: '1kb' });
    ({ auth } = await signUpAndVerify(app));
  });
  afterAll(() => app.close());

  it('refuses a record beyond the count with a problem naming the limit, and takes one after a delete', async () => {
    const notes = await deploy(app, auth, notesYaml);
    const stored = [];
    for (const title of ['Milk', 'Bread', 'Eggs']) {
      const created = await notes.call('POST', '/notes', { body: { title } });
      expect(created.statusCode).toBe(201);
      stored.push(created.json());
    }

    const refused = await notes.call('POST', '/notes', { body: { title: 'Jam' } });
    expect(refused.statusCode).toBe(507);
    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(refused.json()).toEqual({
      type: 'about:blank',
      title: 'Insufficient Storage',
      status: 507,
      detail: 'This API already stores 3 records, its limit: delete some before adding more',
      limit: 'records',
      max: 3,
    });
    expect((await notes.call('GET', '/notes')).json()).toEqual(stored);

    const replaced = await notes.call('PUT', `/notes/${stored[0].id}`, { body: { title: 'Oat milk' } });
    expect(replaced.statusCode).toBe(200);
    expect((await notes.call('DELETE', `/notes/${stored[1].id}`)).statusCode).toBe(204);
    expect((await notes.call('POST', '/notes', { body: { title: 'Jam' } })).statusCode).toBe(201);

    const another = await deploy(app, auth, notesYaml);
    expect((await another.call('POST', '/notes', { body: { title: 'Tea' } })).statusCode).toBe(201);
  });

  it('refuses a record that would take the API past its bytes, and still lets records change', async () => {
    const notes = await deploy(app, auth, notesYaml);
    const long = (title: string) => ({ title, text: 'x'.repeat(400) });
    const first = (await notes.call('POST', '/notes', { body: long('One') })).json();
    expect((await notes.call('POST', '/notes', { body: long('Two') })).statusCode).toBe(201);

    const refused = await notes.call('POST', '/notes', { body: long('Three') });
    expect(refused.statusCode).toBe(507);
    expect(refused.json()).toMatchObject({
      title: 'Insufficient Storage',
      detail: "This API's records may take at most 1024 bytes in all: delete some or send smaller ones",
      limit: 'bytes',
      max: 1024,
    });
    expect((await notes.call('GET', '/notes')).json()).toHaveLength(2);

    expect((await notes.call('PATCH', `/notes/${first.id}`, { body: { done: true } })).statusCode).toBe(200);
    expect((await notes.call('PUT', `/notes/${first.id}`, { body: { title: 'Short' } })).statusCode).toBe(
      200,
    );
    expect((await notes.call('POST', '/notes', { body: { title: 'Small' } })).statusCode).toBe(201);
  });
});

describe.each(dialects)('what one API stored before a restart, on %s', (dialect) => {
  it('still counts against its limit', async () => {
    const scratch = dialect === 'postgres' ? await createScratchDatabase() : undefined;
    const env: Record<string, string> = {
      SANDBOX_MAX_RECORDS: '2',
      ...(scratch && { DATABASE_URL: scratch.url }),
    };
    const before = await startTestApp(dialect, env);
    const { auth } = await signUpAndVerify(before);
    const notes = await deploy(before, auth, notesYaml);
    for (const title of ['Milk', 'Bread']) await notes.call('POST', '/notes', { body: { title } });
    // stopped, its data directory (and the embedded database in it) kept for the next start
    await before.server.close();

    const after = await startTestApp(dialect, { ...env, DATA_DIR: before.config.dataDir });
    const refused = await after.server.inject({
      method: 'POST',
      url: `${notes.base}/notes`,
      payload: { title: 'Eggs' },
    });
    expect(refused.statusCode).toBe(507);
    await after.close();
    await scratch?.drop();
    rmSync(before.config.dataDir, { recursive: true, force: true });
  });
});

describe.each(dialects.filter((d) => d === 'postgres'))('one API’s count across instances on %s', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let instances: TestApp[];
  beforeAll(async () => {
    scratch = await createScratchDatabase();
    const env = { DATABASE_URL: scratch.url, SANDBOX_MAX_RECORDS: '5' };
    instances = [await startTestApp('postgres', env), await startTestApp('postgres', env)];
  });
  afterAll(async () => {
    for (const instance of instances) await instance.close();
    await scratch.drop();
  });

  it('counts the writes of either instance against one limit, and keeps counting right through a burst', async () => {
    const { auth } = await signUpAndVerify(instances[0] as TestApp);
    const notes = await deploy(instances[0] as TestApp, auth, notesYaml);
    const on = (i: number) => instances[i % 2] as TestApp;
    const post = (i: number) =>
      on(i).server.inject({ method: 'POST', url: `${notes.base}/notes`, payload: { title: `n${i}` } });
    const remove = (i: number, id: string) =>
      on(i).server.inject({ method: 'DELETE', url: `${notes.base}/notes/${id}` });
    const stored = async () => (await notes.call('GET', '/notes')).json() as { id: string }[];

    const oneAtATime = [];
    for (let i = 0; i < 7; i++) oneAtATime.push((await post(i)).statusCode);
    expect(oneAtATime).toEqual([201, 201, 201, 201, 201, 507, 507]);

    // Writes at the same moment are checked against the usage as it stood: together they may pass
    // the limit by what they add. The count stays the records' own, so what follows is refused...
    for (const [i, note] of (await stored()).slice(2).entries()) await remove(i, note.id);
    await Promise.all(Array.from({ length: 20 }, (_, i) => post(i)));
    const afterBurst = await stored();
    expect(afterBurst.length).toBeGreaterThanOrEqual(5);
    expect((await post(0)).statusCode).toBe(507);
    expect((await post(1)).statusCode).toBe(507);

    // ...and once they are gone, exactly the limit fits again.
    for (const [i, note] of afterBurst.entries()) expect((await remove(i, note.id)).statusCode).toBe(204);
    const again = [];
    for (let i = 0; i < 6; i++) again.push((await post(i)).statusCode);
    expect(again).toEqual([201, 201, 201, 201, 201, 507]);
  });
});

describe.each(dialects)('list pages, on %s', (dialect) => {
  let app: TestApp;
  let auth: { authorization: string };
  beforeAll(async () => {
    app = await startTestApp(dialect);
    ({ auth } = await signUpAndVerify(app));
  });
  afterAll(() => app.close());

  it('answers a list a page at a time, with the total and links to the other pages', async () => {
    const notes = await deploy(app, auth, notesYaml);
    for (const title of ['n1', 'n2', 'n3', 'n4', 'n5'])
      await notes.call('POST', '/notes', { body: { title } });
    const whole = await notes.call('GET', '/notes');
    const all = whole.json();
    expect(all.map((n: { title: string }) => n.title).sort()).toEqual(['n1', 'n2', 'n3', 'n4', 'n5']);
    expect(whole.headers['x-total-count']).toBe('5');
    expect(whole.headers.link).toBeUndefined();

    const first = await notes.call('GET', '/notes?limit=2&done=true');
    expect(first.json()).toEqual(all.slice(0, 2));
    expect(first.headers['x-total-count']).toBe('5');
    expect(first.headers.link).toBe(
      '<?done=true&offset=0&limit=2>; rel="first", <?done=true&offset=2&limit=2>; rel="next", <?done=true&offset=4&limit=2>; rel="last"',
    );
    const last = await notes.call('GET', '/notes?offset=4&limit=2');
    expect(last.json()).toEqual(all.slice(4));
    expect(last.headers.link).toBe(
      '<?offset=0&limit=2>; rel="first", <?offset=2&limit=2>; rel="prev", <?offset=4&limit=2>; rel="last"',
    );
    expect((await notes.call('GET', '/notes?page=2&limit=2')).json()).toEqual(all.slice(2, 4));
    const clamped = await notes.call('GET', '/notes?limit=5000&offset=1');
    expect(clamped.json()).toEqual(all.slice(1));
    expect(clamped.headers.link).toContain('<?offset=0&limit=1000>; rel="prev"');

    const bad = await notes.call('GET', '/notes?limit=0&offset=-1');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([
      { location: 'query.limit', message: 'must be a whole number from 1' },
      { location: 'query.offset', message: 'must be a whole number from 0' },
    ]);
  });

  it('ends a page before its records pass 1 MB, the next link going on from there', async () => {
    const notes = await deploy(app, auth, notesYaml);
    for (const title of ['a', 'b', 'c']) {
      const created = await notes.call('POST', '/notes', { body: { title, text: 'x'.repeat(400_000) } });
      expect(created.statusCode).toBe(201);
    }
    const page = await notes.call('GET', '/notes');
    expect(page.json()).toHaveLength(2);
    expect(page.headers['x-total-count']).toBe('3');
    expect(page.headers.link).toContain('<?offset=2&limit=100>; rel="next"');
    const rest = await notes.call('GET', '/notes?offset=2');
    expect(rest.json().map((n: { title: string }) => n.title)).toHaveLength(1);
  });
});

// Bodies are held and read before any record is: the database plays no part, so one dialect is enough.
describe('request bodies read at once', () => {
  let app: TestApp;
  let auth: { authorization: string };
  beforeAll(async () => {
    app = await startTestApp('sqlite', {
      SANDBOX_MAX_INFLIGHT_BYTES: '3000',
      SANDBOX_MAX_INFLIGHT_BYTES_PER_CLIENT: '1500',
      SANDBOX_BODY_TIMEOUT: '1s',
      TRUST_PROXY: 'loopback',
    });
    ({ auth } = await signUpAndVerify(app));
  });
  afterAll(() => app.close());

  const body = JSON.stringify({ title: 'Slow', text: 'x'.repeat(974) });

  /** A client that sends its headers and all but the last 10 bytes of its body, then waits. */
  async function holdBody(url: string, from: string) {
    const slow = request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': body.length, 'x-forwarded-for': from },
    });
    const answered = once(slow, 'response') as Promise<[IncomingMessage]>;
    answered.catch(() => {});
    const read = once(app.server.server, 'request');
    slow.write(body.slice(0, -10));
    await read;
    // the server has read the chunk once a request that follows it on the same loop turn is answered
    await new Promise((resolve) => setTimeout(resolve, 50));
    return {
      async finish() {
        slow.end(body.slice(-10));
        const [answer] = await answered;
        answer.resume();
        return answer.statusCode;
      },
      answered,
    };
  }

  it('answers 503 with Retry-After once one client holds its share, while another client is read', async () => {
    const notes = await deploy(app, auth, notesYaml);
    const url = `${notes.origin}${notes.base}/notes`;
    const first = await holdBody(url, '203.0.113.9');
    expect(body.length).toBe(1000);

    const post = (from: string) =>
      notes.call('POST', '/notes', { body, headers: { 'x-forwarded-for': from } });
    const refused = await post('203.0.113.9');
    expect(refused.statusCode).toBe(503);
    expect(refused.headers).toMatchObject({ 'retry-after': '1', 'content-security-policy': 'sandbox' });
    expect(refused.json()).toMatchObject({ title: 'Service Unavailable', status: 503 });
    expect((await notes.call('GET', '/notes')).statusCode).toBe(200);
    expect((await post('198.51.100.7')).statusCode).toBe(201);

    expect(await first.finish()).toBe(201);
    expect((await post('203.0.113.9')).statusCode).toBe(201);
  });

  it('answers 503 once the bodies of all clients reach the total, and reads them again after', async () => {
    const notes = await deploy(app, auth, notesYaml);
    const url = `${notes.origin}${notes.base}/notes`;
    const held = [
      await holdBody(url, '203.0.113.1'),
      await holdBody(url, '203.0.113.2'),
      await holdBody(url, '203.0.113.3'),
    ];
    const refused = await notes.call('POST', '/notes', {
      body,
      headers: { 'x-forwarded-for': '203.0.113.4' },
    });
    expect(refused.statusCode).toBe(503);
    for (const slow of held) expect(await slow.finish()).toBe(201);
    expect(
      (await notes.call('POST', '/notes', { body, headers: { 'x-forwarded-for': '203.0.113.4' } }))
        .statusCode,
    ).toBe(201);
  });

  it('answers 408 to a body that stops arriving, and gives its bytes back', async () => {
    const notes = await deploy(app, auth, notesYaml);
    const stalled = await holdBody(`${notes.origin}${notes.base}/notes`, '203.0.113.9');
    const [answer] = await stalled.answered;
    const text = (await answer.toArray()).join('');
    expect(answer.statusCode).toBe(408);
    expect(JSON.parse(text)).toMatchObject({ title: 'Request Timeout', status: 408 });
    expect(
      (await notes.call('POST', '/notes', { body, headers: { 'x-forwarded-for': '203.0.113.9' } }))
        .statusCode,
    ).toBe(201);
  });

  it("counts a delayed answer's body only until its delay starts", async () => {
    const notes = await deploy(app, auth, notesYaml);
    const behaviour = await app.server.inject({
      method: 'PUT',
      url: `/api/api-config-master/${notes.api.id}/behaviour`,
      headers: auth,
      payload: { delayMs: 2000 },
    });
    expect(behaviour.statusCode).toBe(200);
    const from = { 'x-forwarded-for': '203.0.113.9' };
    const delayed = notes.call('POST', '/notes', { body, headers: from });
    // well inside the delay: the first body has been read, and its answer is still waiting
    await new Promise((resolve) => setTimeout(resolve, 800));
    const meanwhile = await notes.call('POST', '/notes', {
      body,
      headers: { ...from, 'x-sandbox-simulation': 'off' },
    });
    expect(meanwhile.statusCode).toBe(201);
    expect((await delayed).statusCode).toBe(201);
  });
});

describe('bodies declared large and never sent', () => {
  let app: TestApp;
  let auth: { authorization: string };
  beforeAll(async () => {
    app = await startTestApp('sqlite');
    ({ auth } = await signUpAndVerify(app));
  });
  afterAll(() => app.close());

  it("do not keep another team's valid POST from being answered", async () => {
    const victim = await deploy(app, auth, notesYaml);
    const { port } = new URL(victim.origin);
    const sockets = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const socket = connect(Number(port), '127.0.0.1');
        await once(socket, 'connect');
        socket.write(
          'POST /sandbox/no-such-key/x HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1048576\r\n\r\n{',
        );
        return socket;
      }),
    );
    try {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const started = performance.now();
      const answer = await victim.call('POST', '/notes', { body: { title: 'Milk' } });
      expect(answer.statusCode).toBe(201);
      expect(performance.now() - started).toBeLessThan(5000);
    } finally {
      for (const socket of sockets) socket.destroy();
    }
  });
});
