import { ROLE_REFUSED_MESSAGE, ROLE_VIEWER } from '@sandbox/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signUpAndVerify } from '../../test/support/accounts.js';
import { logHolding, notesYaml, readLog } from '../../test/support/requestLog/notesApi.js';
import { openStream } from '../../test/support/requestLog/openStream.js';
import { deploy } from '../../test/support/sandbox.js';
import { dialects } from '../../test/support/scratchDatabase.js';
import { joinTeam } from '../../test/support/team/teamJourneys.js';
import { startTestApp, type TestApp } from '../../test/support/testApp.js';

describe.each(dialects)('the request log on %s', (dialect) => {
  let app: TestApp;
  let auth: { authorization: string };
  let sandbox: Awaited<ReturnType<typeof deploy>>;
  let apiId: number;
  beforeAll(async () => {
    app = await startTestApp(dialect);
    ({ auth } = await signUpAndVerify(app));
    sandbox = await deploy(app, auth, notesYaml);
    apiId = sandbox.api.id;
  });
  afterAll(() => app.close());
  // each test reads the calls it made (clearing also drops calls not yet written)
  beforeEach(async () => {
    await app.server.inject({
      method: 'DELETE',
      url: `/api/api-config-master/${apiId}/requests`,
      headers: auth,
    });
  });

  const endpointId = (method: string, path: string) =>
    sandbox.api.apiConfigList.find((e) => e.methodType === method && e.apiEndPoint === path)?.id;

  it('records what a call carried and how it was answered, newest first', async () => {
    const created = await sandbox.call('POST', '/notes?draft=yes', { body: { text: 'Buy milk' } });
    const note = created.json();
    await sandbox.call('GET', `/notes/${note.id}`);
    const [read, posted] = await logHolding(app, auth, apiId, 2);

    expect(posted).toMatchObject({
      method: 'POST',
      path: '/notes',
      query: 'draft=yes',
      requestBody: '{"text":"Buy milk"}',
      requestBodyTruncated: false,
      endpointId: endpointId('POST', '/notes'),
      endpoint: 'POST /notes',
      unmatched: null,
      status: 201,
      responseBody: created.body,
      responseBodyTruncated: false,
      problems: [],
      source: 'record',
      simulated: null,
    });
    expect(posted.requestHeaders['content-type']).toBe('application/json');
    expect(posted.responseHeaders['content-type']).toMatch(/application\/json/);
    expect(posted.durationMs).toBeGreaterThan(0);
    expect(Date.parse(posted.at)).toBeGreaterThan(Date.now() - 60_000);
    expect(read).toMatchObject({ method: 'GET', path: `/notes/${note.id}`, status: 200, source: 'record' });
    expect(read.id).toBeGreaterThan(posted.id);
  });

  it('names the source of each answer and the problems of an invalid call', async () => {
    await sandbox.call('GET', '/greeting', { headers: { 'x-partner-key': 'k' } });
    await sandbox.call('POST', '/notes', { body: { title: 'no text' } });
    const [invalid, greeting] = await logHolding(app, auth, apiId, 2);
    expect(greeting).toMatchObject({ path: '/greeting', status: 200, source: 'example' });
    expect(invalid).toMatchObject({ status: 400, source: 'problem' });
    expect(invalid.problems).toEqual([{ location: 'body.text', message: 'is required' }]);
  });

  it('records the traffic simulation’s failures, a dropped connection as status 0', async () => {
    const simulated = await deploy(app, auth, notesYaml);
    const behave = (payload: object) =>
      app.server.inject({
        method: 'PUT',
        url: `/api/api-config-master/${simulated.api.id}/behaviour`,
        headers: auth,
        payload,
      });
    expect((await behave({ failureRate: 100, failureStatus: 503 })).statusCode).toBe(200);
    expect((await simulated.call('GET', '/notes')).statusCode).toBe(503);
    expect((await behave({ failureRate: 100, failureStatus: 0 })).statusCode).toBe(200);
    await expect(simulated.call('GET', '/notes/dropped')).rejects.toThrow();
    const [dropped, failed] = await logHolding(app, auth, simulated.api.id, 2);
    expect(failed).toMatchObject({
      status: 503,
      source: 'simulated',
      simulated: { delayMs: 0, failed: true },
    });
    expect(dropped).toMatchObject({
      path: '/notes/dropped',
      status: 0,
      source: 'simulated',
      responseBody: null,
      simulated: { delayMs: 0, failed: true },
    });
  });

  it('says why no endpoint answered a call', async () => {
    await sandbox.call('GET', '/nothing/here');
    await sandbox.call('DELETE', '/notes');
    const [notAllowed, notFound] = await logHolding(app, auth, apiId, 2);
    expect(notFound).toMatchObject({
      path: '/nothing/here',
      status: 404,
      endpointId: null,
      endpoint: null,
      unmatched: 'No path matches',
      source: 'problem',
    });
    expect(notAllowed).toMatchObject({ method: 'DELETE', status: 405, unmatched: 'Method not allowed' });
  });

  it('masks credentials: Authorization keeps its scheme, cookies and API keys show nothing', async () => {
    await sandbox.call('GET', '/greeting', {
      headers: {
        authorization: 'Bearer s3cret-token',
        cookie: 'session=s3cret-cookie',
        'x-api-key': 's3cret-key',
        'x-partner-key': 's3cret-partner',
        'x-trace': 'visible',
      },
    });
    const [entry] = await logHolding(app, auth, apiId, 1);
    expect(entry.requestHeaders).toMatchObject({
      authorization: 'Bearer ***',
      cookie: '***',
      'x-api-key': '***',
      'x-partner-key': '***',
      'x-trace': 'visible',
    });
    expect(JSON.stringify(entry)).not.toContain('s3cret');
  });

  it('cuts a body past 16 KB and says it did', async () => {
    const text = 'x'.repeat(40_000);
    const created = await sandbox.call('POST', '/notes', { body: { text } });
    expect(created.statusCode).toBe(201);
    const [entry] = await logHolding(app, auth, apiId, 1);
    expect(entry.requestBodyTruncated).toBe(true);
    expect(entry.requestBody).toBe(JSON.stringify({ text }).slice(0, 16 * 1024));
    expect(entry.responseBodyTruncated).toBe(true);
    expect(entry.responseBody).toHaveLength(16 * 1024);
  });

  it('filters by endpoint, method, status, time and text, and pages newest first', async () => {
    const since = new Date().toISOString();
    for (const text of ['alpha', 'beta', 'gamma']) await sandbox.call('POST', '/notes', { body: { text } });
    await sandbox.call('GET', '/notes');
    const all = await logHolding(app, auth, apiId, 4, `since=${since}`);
    expect(all.map((e) => e.method)).toEqual(['GET', 'POST', 'POST', 'POST']);

    const list = async (query: string) =>
      (await readLog(app, auth, apiId, `since=${since}&${query}`))
        .json()
        .items.map((e: { id: number }) => e.id);
    const [get, gamma, beta, alpha] = all.map((e) => e.id);
    expect(await list(`endpointId=${endpointId('POST', '/notes')}`)).toEqual([gamma, beta, alpha]);
    expect(await list('method=get')).toEqual([get]);
    expect(await list('status=201')).toEqual([gamma, beta, alpha]);
    expect(await list('status=2xx')).toEqual([get, gamma, beta, alpha]);
    expect(await list('status=5xx')).toEqual([]);
    // found in either body (the list's answer holds the notes too), whatever its case
    expect(await list('text=BETA&method=POST')).toEqual([beta]);
    expect(await list('text=%25')).toEqual([]);
    const later = new Date(Date.now() + 60_000).toISOString();
    expect((await readLog(app, auth, apiId, `since=${later}`)).json().items).toEqual([]);

    const first = (await readLog(app, auth, apiId, `since=${since}&limit=3`)).json();
    expect(first.items.map((e: { id: number }) => e.id)).toEqual([get, gamma, beta]);
    expect(first.nextBefore).toBe(beta);
    const second = (
      await readLog(app, auth, apiId, `since=${since}&limit=3&before=${first.nextBefore}`)
    ).json();
    expect(second).toEqual({
      items: [expect.objectContaining({ id: alpha })],
      nextBefore: null,
      gaps: [],
    });
    expect((await readLog(app, auth, apiId, 'status=6xx')).statusCode).toBe(400);
  });

  it('is cleared by a Developer or Admin and not by a Viewer', async () => {
    const viewer = await joinTeam(app, auth, ROLE_VIEWER);
    await sandbox.call('GET', '/notes');
    await logHolding(app, viewer.auth, apiId, 1);
    const url = `/api/api-config-master/${apiId}/requests`;
    const refused = await app.server.inject({ method: 'DELETE', url, headers: viewer.auth });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(ROLE_REFUSED_MESSAGE);
    expect((await readLog(app, auth, apiId)).json().items.length).toBeGreaterThan(0);

    const cleared = await app.server.inject({ method: 'DELETE', url, headers: auth });
    expect(cleared.statusCode).toBe(200);
    expect((await readLog(app, auth, apiId)).json()).toEqual({ items: [], nextBefore: null, gaps: [] });
  });

  it('is read by the API’s team and its unexpired sandbox tokens, no one else', async () => {
    const other = await deploy(app, auth, notesYaml);
    const tokenOf = async (id: number) =>
      (await app.server.inject({ url: `/api/generateToken/${id}`, headers: auth })).json();
    const own = await tokenOf(apiId);
    const another = await tokenOf(other.api.id);
    const stranger = await signUpAndVerify(app);
    const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
    await sandbox.call('GET', '/notes');

    expect((await readLog(app, bearer(own.generatedAccessToken), apiId)).statusCode).toBe(200);
    expect((await readLog(app, bearer(another.generatedAccessToken), apiId)).statusCode).toBe(403);
    expect((await readLog(app, stranger.auth, apiId)).statusCode).toBe(404);
    expect((await readLog(app, {}, apiId)).statusCode).toBe(403);
    // a token reads, it does not clear
    const clear = { method: 'DELETE' as const, url: `/api/api-config-master/${apiId}/requests` };
    expect(
      (await app.server.inject({ ...clear, headers: bearer(own.generatedAccessToken) })).statusCode,
    ).toBe(403);

    await app.db.kysely
      .updateTable('api_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', own.id)
      .execute();
    expect((await readLog(app, bearer(own.generatedAccessToken), apiId)).statusCode).toBe(403);
  });

  it('streams each new call as a server-sent event, to a session or a sandbox token', async () => {
    const token = (await app.server.inject({ url: `/api/generateToken/${apiId}`, headers: auth })).json();
    for (const headers of [auth, { authorization: `Bearer ${token.generatedAccessToken}` }]) {
      const stream = await openStream(sandbox.origin, apiId, headers);
      expect(stream.contentType).toMatch(/^text\/event-stream/);
      const started = Date.now();
      await sandbox.call('POST', '/notes', { body: { text: 'live' } });
      const event = await stream.next();
      expect(Date.now() - started).toBeLessThan(1000);
      expect(event.event).toBe('request');
      expect(JSON.parse(event.data)).toMatchObject({ method: 'POST', path: '/notes', status: 201 });
      stream.close();
    }
  });

  it('bounds the streams one reader keeps open, and frees a place when a client goes', async () => {
    const streams = [];
    for (let n = 0; n < 10; n++) streams.push(await openStream(sandbox.origin, apiId, auth));
    const url = `${sandbox.origin}/api/api-config-master/${apiId}/requests/stream`;
    const refused = await fetch(url, { headers: auth });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('5');
    streams.pop()?.close();
    await expect.poll(async () => (await openStream(sandbox.origin, apiId, auth)).status).toBe(200);
    for (const stream of streams) stream.close();
  });

  it('goes with its API', async () => {
    const doomed = await deploy(app, auth, notesYaml);
    await doomed.call('GET', '/notes');
    await logHolding(app, auth, doomed.api.id, 1);
    await app.server.inject({
      method: 'DELETE',
      url: `/api/api-config-master/${doomed.api.id}`,
      headers: auth,
    });
    const left = await app.db.kysely
      .selectFrom('request_log')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('api_master_id', '=', doomed.api.id)
      .executeTakeFirstOrThrow();
    expect(Number(left.n)).toBe(0);
  });
});
