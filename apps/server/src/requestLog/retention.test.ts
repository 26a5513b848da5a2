import type { LoggedRequest } from '@sandbox/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndVerify } from '../../test/support/accounts.js';
import { aCall } from '../../test/support/requestLog/capturedCall.js';
import { logHolding, notesYaml, readLog } from '../../test/support/requestLog/notesApi.js';
import { deploy } from '../../test/support/sandbox.js';
import { dialects } from '../../test/support/scratchDatabase.js';
import { startTestApp, startTwoInstances, type TestApp } from '../../test/support/testApp.js';
import { loadRequestLogSettings } from '../config.js';
import { createRequestRecorder } from './recorder.js';
import { createRequestLogStore } from './store.js';

const DAY_MS = 86_400_000;

describe.each(dialects)('what the request log keeps on %s', (dialect) => {
  let app: TestApp;
  let auth: { authorization: string };
  let clock = Date.parse('2026-03-01T12:00:00Z');
  beforeAll(async () => {
    app = await startTestApp(
      dialect,
      { REQUEST_LOG_ENTRIES: '3', REQUEST_LOG_DAYS: '7' },
      { requestLogClock: () => clock },
    );
    ({ auth } = await signUpAndVerify(app));
  });
  afterAll(() => app.close());

  const paths = (entries: LoggedRequest[]) => entries.map((e) => e.path);

  it('keeps an API’s newest calls up to REQUEST_LOG_ENTRIES, each API its own', async () => {
    const sandbox = await deploy(app, auth, notesYaml);
    const other = await deploy(app, auth, notesYaml);
    await sandbox.call('GET', '/notes/1');
    await sandbox.call('GET', '/notes/2');
    await other.call('GET', '/notes/other');
    await logHolding(app, auth, sandbox.api.id, 2);
    for (const n of [3, 4, 5]) await sandbox.call('GET', `/notes/${n}`);
    await expect
      .poll(async () => paths((await readLog(app, auth, sandbox.api.id)).json().items))
      .toEqual(['/notes/5', '/notes/4', '/notes/3']);
    expect(paths(await logHolding(app, auth, other.api.id, 1))).toEqual(['/notes/other']);
  });

  it('lets calls go once older than REQUEST_LOG_DAYS', async () => {
    const sandbox = await deploy(app, auth, notesYaml);
    await sandbox.call('GET', '/notes/old');
    expect((await logHolding(app, auth, sandbox.api.id, 1))[0].at).toBe(new Date(clock).toISOString());

    clock += 6 * DAY_MS;
    expect(paths((await readLog(app, auth, sandbox.api.id)).json().items)).toEqual(['/notes/old']);
    clock += 2 * DAY_MS;
    await sandbox.call('GET', '/notes/new');
    await expect
      .poll(async () => paths((await readLog(app, auth, sandbox.api.id)).json().items))
      .toEqual(['/notes/new']);
    // written over, not only hidden: the old call is gone from the database (pruned just after the
    // new one is written, so a moment after it may be listed)
    const kept = () =>
      app.db.kysely
        .selectFrom('request_log')
        .select('path')
        .where('api_master_id', '=', sandbox.api.id)
        .execute();
    await expect.poll(async () => (await kept()).map((r) => r.path)).toEqual(['/notes/new']);
  });

  it('holds a bounded queue: past its cap the oldest calls waiting to be written are dropped', async () => {
    const sandbox = await deploy(app, auth, notesYaml);
    const warnings: unknown[] = [];
    const log = { ...app.server.log, warn: (...args: unknown[]) => warnings.push(args) } as never;
    const recorder = createRequestRecorder(createRequestLogStore(app.db), {
      ...loadRequestLogSettings({}),
      now: () => clock,
      log,
      queueEntries: 5,
      queueBytes: 1024 * 1024,
    });
    for (let n = 1; n <= 8; n++) recorder.record(aCall(sandbox.api.id, `/flood/${n}`, clock));
    await recorder.flush();
    const entries = await logHolding(app, auth, sandbox.api.id, 5);
    expect(paths(entries)).toEqual(['/flood/8', '/flood/7', '/flood/6', '/flood/5', '/flood/4']);
    expect(JSON.stringify(warnings)).toContain('"dropped":3');

    // and by bytes: two calls of 600 KB do not fit in 1 MB together
    const big = 'x'.repeat(600 * 1024);
    recorder.record({ ...aCall(sandbox.api.id, '/big/1', clock), bytes: big.length });
    recorder.record({ ...aCall(sandbox.api.id, '/big/2', clock), bytes: big.length });
    await recorder.close();
    expect(paths(await logHolding(app, auth, sandbox.api.id, 6)).slice(0, 2)).toEqual(['/big/2', '/flood/8']);
  });
});

describe.each(dialects)('a batch with a call of an API deleted meanwhile, on %s', (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(dialect);
  });
  afterAll(() => app.close());

  it('writes the other calls and leaves that one out', async () => {
    const { auth } = await signUpAndVerify(app);
    const kept = await deploy(app, auth, notesYaml);
    const gone = await deploy(app, auth, notesYaml);
    await app.server.inject({
      method: 'DELETE',
      url: `/api/api-config-master/${gone.api.id}`,
      headers: auth,
    });
    const recorder = createRequestRecorder(createRequestLogStore(app.db), {
      ...loadRequestLogSettings({}),
      now: Date.now,
      log: app.server.log,
    });
    recorder.record(aCall(kept.api.id, '/before', Date.now()));
    recorder.record(aCall(gone.api.id, '/deleted', Date.now()));
    recorder.record(aCall(kept.api.id, '/after', Date.now()));
    await recorder.close();
    expect((await logHolding(app, auth, kept.api.id, 2)).map((e) => e.path)).toEqual(['/after', '/before']);
  });
});

describe.each(dialects.filter((d) => d === 'postgres'))(
  'the request log of several instances on one %s',
  () => {
    let instances: Awaited<ReturnType<typeof startTwoInstances>>;
    beforeAll(async () => {
      instances = await startTwoInstances();
    });
    afterAll(() => instances.close());

    it('streams from one instance the calls another answered', async () => {
      const { first, second } = instances;
      const { auth } = await signUpAndVerify(first);
      const onFirst = await deploy(first, auth, notesYaml);
      // each instance here signs its own sessions: a CI job's API token works on any
      const generated = await first.server.inject({
        url: `/api/generateToken/${onFirst.api.id}`,
        headers: auth,
      });
      const bearer = `Bearer ${generated.json().generatedAccessToken}`;
      await second.server.listen({ port: 0, host: '127.0.0.1' });
      const { port } = second.server.server.address() as { port: number };
      const abort = new AbortController();
      const url = `http://127.0.0.1:${port}/api/api-config-master/${onFirst.api.id}/requests/stream`;
      const res = await fetch(url, { headers: { authorization: bearer }, signal: abort.signal });
      expect(res.status).toBe(200);
      const reader = (res.body as ReadableStream<Uint8Array>)
        .pipeThrough(new TextDecoderStream())
        .getReader();
      await onFirst.call('GET', '/notes/elsewhere');
      let text = '';
      while (!text.includes('event: request')) {
        const { value, done } = await reader.read();
        if (done) break;
        text += value;
      }
      expect(text).toContain('"path":"/notes/elsewhere"');
      abort.abort();
    });
  },
);
