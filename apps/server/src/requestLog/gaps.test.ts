import type { RequestLogPage } from '@sandbox/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndVerify } from '../../test/support/accounts.js';
import { aCall } from '../../test/support/requestLog/capturedCall.js';
import { notesYaml, readLog } from '../../test/support/requestLog/notesApi.js';
import { deploy } from '../../test/support/sandbox.js';
import { dialects } from '../../test/support/scratchDatabase.js';
import { startTestApp, type TestApp } from '../../test/support/testApp.js';
import { loadRequestLogSettings } from '../config.js';
import { createRequestRecorder } from './recorder.js';
import { createRequestLogStore } from './store.js';

// An API called faster than its log keeps has calls left out by design: the log says how many, and
// when, with its pages, so the Requests screen can show the gap where it happened.
describe.each(dialects)('the calls the request log left out, on %s', (dialect) => {
  let app: TestApp;
  let auth: { authorization: string };
  beforeAll(async () => {
    app = await startTestApp(dialect);
    ({ auth } = await signUpAndVerify(app));
  });
  afterAll(() => app.close());

  /** A recorder that keeps 3 calls of an API per batch, and 5 entries per API. */
  const aRecorder = () =>
    createRequestRecorder(createRequestLogStore(app.db), {
      ...loadRequestLogSettings({ REQUEST_LOG_ENTRIES: '5' }),
      now: Date.now,
      log: app.server.log,
      perBatch: 3,
    });
  const paths = (page: RequestLogPage) => page.items.map((e) => e.path);
  const iso = (at: number) => new Date(at).toISOString();

  it('counts the calls left out of a batch, at the arrival of the last of them', async () => {
    const { api } = await deploy(app, auth, notesYaml);
    const recorder = aRecorder();
    const start = Date.now() - 10_000;
    for (let n = 1; n <= 8; n++) recorder.record(aCall(api.id, `/flood/${n}`, start + n));
    await recorder.flush();
    recorder.record(aCall(api.id, '/after', start + 100));
    await recorder.close();

    const page: RequestLogPage = (await readLog(app, auth, api.id)).json();
    expect(paths(page)).toEqual(['/after', '/flood/8', '/flood/7', '/flood/6']);
    expect(page.gaps).toEqual([{ id: expect.any(Number), at: iso(start + 5), calls: 5 }]);

    // a page holds the gaps down to its last entry; the gap below /flood/6 comes with the last page
    const first: RequestLogPage = (await readLog(app, auth, api.id, 'limit=2')).json();
    expect(first.gaps).toEqual([]);
    const last: RequestLogPage = (
      await readLog(app, auth, api.id, `limit=2&before=${first.nextBefore}`)
    ).json();
    expect(paths(last)).toEqual(['/flood/7', '/flood/6']);
    expect(last.nextBefore).toBeNull();
    expect(last.gaps).toEqual(page.gaps);
    // filters narrow the entries, not the gaps
    const filtered: RequestLogPage = (await readLog(app, auth, api.id, 'text=after')).json();
    expect(paths(filtered)).toEqual(['/after']);
    expect(filtered.gaps).toEqual(page.gaps);
  });

  it('lets a gap go with the entries around it, and with a cleared log', async () => {
    const { api } = await deploy(app, auth, notesYaml);
    const recorder = aRecorder();
    const start = Date.now() - 10_000;
    for (let n = 1; n <= 4; n++) recorder.record(aCall(api.id, `/flood/${n}`, start + n));
    await recorder.flush();
    for (let n = 1; n <= 2; n++) recorder.record(aCall(api.id, `/later/${n}`, start + 100 + n));
    await recorder.flush();
    expect((await readLog(app, auth, api.id)).json().gaps).toHaveLength(1);

    // three more calls push /flood/2 to 4 out of the log's 5 entries: nothing is left around the gap
    for (let n = 1; n <= 3; n++) recorder.record(aCall(api.id, `/last/${n}`, start + 200 + n));
    await recorder.flush();
    const pruned: RequestLogPage = (await readLog(app, auth, api.id)).json();
    expect(paths(pruned)).toEqual(['/last/3', '/last/2', '/last/1', '/later/2', '/later/1']);
    expect(pruned.gaps).toEqual([]);

    for (let n = 1; n <= 4; n++) recorder.record(aCall(api.id, `/again/${n}`, start + 300 + n));
    await recorder.close();
    expect((await readLog(app, auth, api.id)).json().gaps).toHaveLength(1);
    const cleared = await app.server.inject({
      method: 'DELETE',
      url: `/api/api-config-master/${api.id}/requests`,
      headers: auth,
    });
    expect(cleared.statusCode).toBe(200);
    expect((await readLog(app, auth, api.id)).json()).toEqual({ items: [], nextBefore: null, gaps: [] });
  });
});
