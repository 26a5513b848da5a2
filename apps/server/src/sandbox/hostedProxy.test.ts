import { ROLE_REFUSED_MESSAGE, ROLE_VIEWER, upstreamMessages, upstreamPaths } from '@sandbox/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndVerify } from '../../test/support/accounts.js';
import { importFields } from '../../test/support/catalog.js';
import { logHolding, readLog } from '../../test/support/requestLog/notesApi.js';
import { openStream } from '../../test/support/requestLog/openStream.js';
import { deploy } from '../../test/support/sandbox.js';
import { dialects } from '../../test/support/scratchDatabase.js';
import { joinTeam } from '../../test/support/team/teamJourneys.js';
import { startTestApp, type TestApp } from '../../test/support/testApp.js';
import { petstoreBackend, readmePetstore } from '../../test/support/upstream/petstoreBackend.js';

// No public server is reachable from a test: the backend listens on 127.0.0.2, the test's resolver
// maps petstore.example to it, and the test alone allows that address, as OUTBOUND_ALLOW would.
const BACKEND_ADDRESS = '127.0.0.2';
const apiKey = { api_key: 'special-key' };

describe.each(dialects)('the hosted proxy on %s', (dialect) => {
  let app: TestApp;
  let auth: { authorization: string };
  const backend = petstoreBackend();
  let upstream: string;
  let sandbox: Awaited<ReturnType<typeof deploy>>;

  const setUpstream = (apiMasterId: number, upstreamUrl: string | null, headers = auth) =>
    app.server.inject({
      method: 'PUT',
      url: upstreamPaths.upstreamUrl(apiMasterId),
      payload: { upstreamUrl },
      headers,
    });

  beforeAll(async () => {
    const port = await backend.listen(BACKEND_ADDRESS);
    upstream = `http://petstore.example:${port}/v2`;
    app = await startTestApp(
      dialect,
      { METRICS: 'true' },
      {
        labNetwork: {
          resolve: async (hostname) => {
            if (hostname === 'petstore.example') return [{ address: BACKEND_ADDRESS, family: 4 }];
            if (hostname === 'nothing-listens.example') return [{ address: BACKEND_ADDRESS, family: 4 }];
            if (hostname === 'inside.example') return [{ address: '10.0.0.8', family: 4 }];
            throw Object.assign(new Error(`${hostname} is unknown`), { code: 'ENOTFOUND' });
          },
          allowAddress: (address) => address === BACKEND_ADDRESS,
          timeoutMs: 2000,
        },
      },
    );
    ({ auth } = await signUpAndVerify(app));
    sandbox = await deploy(app, auth, readmePetstore);
    expect((await setUpstream(sandbox.api.id, upstream)).statusCode).toBe(200);
  });
  afterAll(async () => {
    await app?.close();
    backend.close();
  });

  const violationsOf = (answer: { headers: Record<string, string> }) =>
    JSON.parse(answer.headers['sl-violations'] ?? '[]') as { location: string[]; message: string }[];

  it('forwards a call and hands back the backend’s answer unchanged, reporting nothing when it keeps the contract', async () => {
    const answer = await sandbox.call('GET', '/pet/1?fields=all', { headers: apiKey });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['x-backend']).toBe('petstore');
    expect(answer.json()).toEqual({
      id: 1,
      name: 'doggie',
      photoUrls: ['https://example.com/photo.png'],
      status: 'available',
    });
    expect(answer.headers['sl-violations']).toBeUndefined();
    // the sandbox's own headers keep working on a forwarded answer
    expect(answer.headers['access-control-allow-origin']).toBe('*');
    expect(answer.headers['content-security-policy']).toBe('sandbox');
    const sent = backend.received.at(-1);
    expect(sent?.url).toBe('/v2/pet/1?fields=all');
    expect(sent?.headers.api_key).toBe('special-key');
    expect(sent?.headers.host).toBe(upstream.replace(/^http:\/\/|\/v2$/g, ''));
  });

  it('reports a missing required field at the response body', async () => {
    const answer = await sandbox.call('GET', '/pet/2', { headers: apiKey });
    expect(answer.statusCode).toBe(200);
    const [violation, ...more] = violationsOf(answer);
    expect(more).toEqual([]);
    expect(violation.location).toEqual(['response', 'body']);
    expect(violation.message).toMatch(/photoUrls/);
  });

  it('reports a value of the wrong type where it is', async () => {
    const answer = await sandbox.call('GET', '/pet/3', { headers: apiKey });
    const [violation, ...more] = violationsOf(answer);
    expect(more).toEqual([]);
    expect(violation.location).toEqual(['response', 'body', 'name']);
    expect(violation.message).toMatch(/string/);
  });

  it('reports a content type the operation does not declare', async () => {
    const answer = await sandbox.call('GET', '/pet/4', { headers: apiKey });
    expect(answer.body).toBe('doggie');
    expect(answer.headers['content-type']).toBe('text/plain');
    const violations = violationsOf(answer);
    expect(violations.length).toBeGreaterThan(0);
    expect(violations.every((v) => v.location[0] === 'response')).toBe(true);
    expect(JSON.stringify(violations)).toMatch(/text\/plain|content.?type/i);
  });

  it('reports a status the operation does not declare', async () => {
    const answer = await sandbox.call('GET', '/store/order/5');
    expect(answer.statusCode).toBe(418);
    const violations = violationsOf(answer);
    expect(violations).toHaveLength(1);
    expect(violations[0].location[0]).toBe('response');
    expect(violations[0].message).toMatch(/418|status/i);
  });

  it('forwards a request that breaks the document, reporting it at the request side', async () => {
    const answer = await sandbox.call('POST', '/store/order', { body: { petId: 1, quantity: 'two' } });
    expect(answer.statusCode).toBe(200);
    expect(backend.received.at(-1)?.body).toBe('{"petId":1,"quantity":"two"}');
    const violations = violationsOf(answer);
    expect(violations.map((v) => v.location)).toContainEqual(['request', 'body', 'quantity']);
  });

  it('forwards a binary body byte for byte', async () => {
    // a PNG's signature, then bytes that are not UTF-8
    const image = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0xfe, 0x80, 0x00]);
    await fetch(`${sandbox.origin}${sandbox.base}/pet/1/uploadImage`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', ...apiKey },
      body: image,
    });
    expect(backend.received.at(-1)?.bytes).toEqual(image);
  });

  it('records each exchange with its violations, and filters the log on either side', async () => {
    await app.server.inject({
      method: 'DELETE',
      url: `/api/api-config-master/${sandbox.api.id}/requests`,
      headers: auth,
    });
    await sandbox.call('GET', '/pet/1', { headers: apiKey });
    await sandbox.call('GET', '/pet/3', { headers: apiKey });
    await sandbox.call('POST', '/store/order', { body: { petId: 1, quantity: 'two' } });
    const [posted, wrongType, right] = await logHolding(app, auth, sandbox.api.id, 3);
    expect(right).toMatchObject({ forwarded: true, violations: [], status: 200, source: 'upstream' });
    expect(right.responseBody).toContain('doggie');
    expect(wrongType.violations).toEqual([
      expect.objectContaining({ direction: 'response', location: ['response', 'body', 'name'] }),
    ]);
    expect(posted.violations).toContainEqual(
      expect.objectContaining({ direction: 'request', location: ['request', 'body', 'quantity'] }),
    );
    // the backend's credential is masked in the log as any is
    expect(right.requestHeaders.api_key).toBe('***');

    const onResponses = (await readLog(app, auth, sandbox.api.id, 'violations=response')).json();
    expect(onResponses.items.map((e: { path: string }) => e.path)).toEqual(['/pet/3']);
    const onRequests = (await readLog(app, auth, sandbox.api.id, 'violations=request')).json();
    expect(onRequests.items.map((e: { path: string }) => e.path)).toEqual(['/store/order']);
  });

  it('streams an exchange with its violations as it happens, filtered on the side asked', async () => {
    const stream = await openStream(sandbox.origin, sandbox.api.id, auth, { query: 'violations=response' });
    await sandbox.call('GET', '/pet/1', { headers: apiKey });
    await sandbox.call('GET', '/pet/2', { headers: apiKey });
    const event = JSON.parse((await stream.next()).data);
    stream.close();
    expect(event).toMatchObject({ path: '/pet/2', forwarded: true });
    expect(event.violations).toEqual([
      expect.objectContaining({ direction: 'response', location: ['response', 'body'] }),
    ]);
  });

  it('gives a time window of exchanges as a JUnit report in one call, a failure per violation', async () => {
    const from = new Date().toISOString();
    await sandbox.call('GET', '/pet/1', { headers: apiKey });
    await sandbox.call('GET', '/pet/3', { headers: apiKey });
    const report = await app.server.inject({
      url: `/api/api-config-master/${sandbox.api.id}/requests/junit?from=${from}`,
      headers: auth,
    });
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-type']).toMatch(/application\/xml/);
    expect(report.body).toMatch(/<testsuite [^>]*tests="2" failures="1"/);
    expect(report.body).toContain('classname="GET /pet/{petId}" name="GET /pet/1 → 200"');
    expect(report.body).toMatch(/<failure [^>]*message="response\.body\.name: [^"]*string/);

    const later = await app.server.inject({
      url: `/api/api-config-master/${sandbox.api.id}/requests/junit?from=${new Date(Date.now() + 60_000).toISOString()}`,
      headers: auth,
    });
    expect(later.body).toMatch(/tests="0" failures="0"/);
  });

  it('counts violations by API and direction in the metrics', async () => {
    await sandbox.call('GET', '/pet/3', { headers: apiKey });
    const metrics = (await app.server.inject({ url: '/metrics' })).body;
    const counted = new RegExp(
      `sandbox_upstream_violations_total\\{api="${sandbox.api.id}",direction="response"\\} (\\d+)`,
    ).exec(metrics);
    expect(Number(counted?.[1])).toBeGreaterThanOrEqual(1);
    expect(metrics).toMatch(
      new RegExp(`sandbox_upstream_violations_total\\{api="${sandbox.api.id}",direction="request"\\} \\d+`),
    );
  });

  it('forwards a call no operation declares, with a warning', async () => {
    const answer = await sandbox.call('GET', '/no/such/thing');
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual({ message: 'no GET /v2/no/such/thing here' });
    const violations = JSON.parse(answer.headers['sl-violations']);
    expect(violations).toEqual([expect.objectContaining({ severity: 'Warning', location: ['request'] })]);
  });

  it('answers an endpoint kept mocked itself', async () => {
    const inventory = sandbox.api.apiConfigList.find((e) => e.apiEndPoint === '/store/inventory');
    const kept = await app.server.inject({
      method: 'PUT',
      url: upstreamPaths.keepMocked(sandbox.api.id, inventory?.id as number),
      payload: { keepMocked: true },
      headers: auth,
    });
    expect(kept.json().message).toBe(upstreamMessages.keptMocked);
    const mocked = await sandbox.call('GET', '/store/inventory', { headers: apiKey });
    expect(mocked.headers['x-backend']).toBeUndefined();
    expect(mocked.statusCode).toBe(200);
    await app.server.inject({
      method: 'PUT',
      url: upstreamPaths.keepMocked(sandbox.api.id, inventory?.id as number),
      payload: { keepMocked: false },
      headers: auth,
    });
    const forwarded = await sandbox.call('GET', '/store/inventory', { headers: apiKey });
    expect(forwarded.headers['x-backend']).toBe('petstore');
  });

  it('answers 502 with a problem saying so when the upstream cannot be reached', async () => {
    const other = await deploy(app, auth, readmePetstore);
    // the backend's address, on a port where nothing listens
    expect((await setUpstream(other.api.id, 'http://nothing-listens.example:1/v2')).statusCode).toBe(200);
    const answer = await other.call('GET', '/store/order/1');
    expect(answer.statusCode).toBe(502);
    expect(answer.headers['content-type']).toMatch(/problem\+json/);
    expect(answer.json()).toMatchObject({ status: 502, title: upstreamMessages.unreachableTitle });
    expect(answer.json().detail).toContain(upstreamMessages.unreachable);
  });

  it('refuses an Upstream URL that is not http(s), or points inside the server’s network', async () => {
    for (const upstreamUrl of ['ftp://petstore.example/v2', 'petstore', 'http://']) {
      const refused = await setUpstream(sandbox.api.id, upstreamUrl);
      expect(refused.statusCode, upstreamUrl).toBe(400);
      expect(JSON.stringify(refused.json()), upstreamUrl).toContain(upstreamMessages.invalidUrl);
    }
    for (const upstreamUrl of ['http://127.0.0.1:8080', 'http://inside.example/api', 'http://[::1]/']) {
      const refused = await setUpstream(sandbox.api.id, upstreamUrl);
      expect(refused.statusCode, upstreamUrl).toBe(400);
      expect(refused.json().message, upstreamUrl).toBe(upstreamMessages.privateAddress);
    }
    const detail = (
      await app.server.inject({ url: `/api/api-config-master/${sandbox.api.id}`, headers: auth })
    ).json();
    expect(detail.upstreamUrl).toBe(upstream);
  });

  it('lets a Viewer see the Upstream URL but not change it', async () => {
    const viewer = await joinTeam(app, auth, ROLE_VIEWER);
    const refused = await setUpstream(sandbox.api.id, null, viewer.auth);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(ROLE_REFUSED_MESSAGE);
    const seen = (
      await app.server.inject({ url: `/api/api-config-master/${sandbox.api.id}`, headers: viewer.auth })
    ).json();
    expect(seen.upstreamUrl).toBe(upstream);
  });

  it('keeps the sandbox’s token check in front, and does not hand the token to the backend', async () => {
    const guarded = await deploy(app, auth, readmePetstore, { ...importFields, isAuthRequired: 'true' });
    await setUpstream(guarded.api.id, upstream);
    expect((await guarded.call('GET', '/store/order/1')).statusCode).toBe(401);
    const token = (
      await app.server.inject({ url: `/api/generateToken/${guarded.api.id}`, headers: auth })
    ).json();
    const answer = await guarded.call('GET', '/store/order/1', {
      headers: { authorization: `Bearer ${token.generatedAccessToken}` },
    });
    expect(answer.statusCode).toBe(200);
    expect(backend.received.at(-1)?.headers.authorization).toBeUndefined();
  });

  it('answers from the document again once the Upstream URL is cleared', async () => {
    const other = await deploy(app, auth, readmePetstore);
    await setUpstream(other.api.id, upstream);
    expect((await other.call('GET', '/store/order/1')).headers['x-backend']).toBe('petstore');
    expect((await setUpstream(other.api.id, null)).json().message).toBe(upstreamMessages.cleared);
    expect((await other.call('GET', '/store/order/1')).headers['x-backend']).toBeUndefined();
  });
});
