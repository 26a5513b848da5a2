import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { folderWith } from './petstoreDocument.js';
import { type Running, runToExit, startProgram, waitForOutput } from './runProgram.js';

// api-sandbox proxy in front of a real upstream of the test's own: a server implementing the
// Petstore of @readme/oas-examples (OpenAPI 3.0), with deliberate mistakes on some of its routes.

const require = createRequire(import.meta.url);
const PETSTORE = readFileSync(require.resolve('@readme/oas-examples/3.0/json/petstore.json'), 'utf8');
const documentFile = () => join(folderWith({ 'petstore.json': PETSTORE }), 'petstore.json');

const pet = (id: number) => ({
  id,
  name: 'Rex',
  photoUrls: ['https://example.com/rex.png'],
  status: 'available',
});

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

/** The Petstore as a server implements it; pets 2, 3 and 5 and order 5 answer wrongly on purpose. */
function startPetstore(): Promise<{ server: Server; url: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const json = (status: number, body: unknown, headers: Record<string, string> = {}) => ({
    status,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const answers: Record<string, () => { status: number; headers: Record<string, string>; body: string }> = {
    'GET /api/pet/1': () => json(200, pet(1), { 'x-upstream': 'petstore', 'proxy-authenticate': 'Basic' }),
    // a missing required field
    'GET /api/pet/2': () => json(200, { id: 2, photoUrls: [] }),
    // a wrong type
    'GET /api/pet/3': () => json(200, { ...pet(3), id: 'three' }),
    // a content type the response does not declare
    'GET /api/pet/5': () => ({ status: 200, headers: { 'content-type': 'text/html' }, body: '<p>Rex</p>' }),
    'GET /api/pet/findByStatus?status=sold': () => json(200, [pet(1)]),
    'GET /api/store/order/1': () =>
      json(200, { id: 1, petId: 1, quantity: 1, status: 'placed', complete: false }),
    // a status the operation does not declare (200, 400, 404)
    'GET /api/store/order/5': () => json(201, { id: 5 }),
    'GET /api/user/logout': () => ({ status: 501, headers: {}, body: '' }),
  };
  const server = createServer((req, res) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    const answer = answers[`${req.method} ${req.url}`]?.() ?? json(404, { message: 'not here' });
    res.writeHead(answer.status, answer.headers).end(answer.body);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen }),
    ),
  );
}

const violationsOf = (answer: Response) => JSON.parse(answer.headers.get('sl-violations') ?? '[]');

let upstream: Awaited<ReturnType<typeof startPetstore>>;
const started: Running[] = [];
const proxy = async (...flags: string[]) => {
  const running = await startProgram(['proxy', '-p', '0', documentFile(), `${upstream.url}/api`, ...flags]);
  started.push(running);
  return running;
};
beforeAll(async () => {
  upstream = await startPetstore();
});
afterEach(() => {
  for (const running of started.splice(0)) running.child.kill('SIGKILL');
  upstream.seen.length = 0;
});
afterAll(() => upstream.server.close());

describe('api-sandbox proxy, without --errors', () => {
  it("forwards a correct call to the upstream's path and sends its answer back as it is, reporting nothing", async () => {
    const running = await proxy();
    const answer = await fetch(`${running.address}/pet/1`, { headers: { api_key: 'secret-key' } });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe(JSON.stringify(pet(1)));
    expect(answer.headers.get('x-upstream')).toBe('petstore');
    expect(answer.headers.get('sl-violations')).toBeNull();
    // hop-by-hop headers stay between the proxy and the upstream
    expect(answer.headers.get('proxy-authenticate')).toBeNull();
    const [call] = upstream.seen;
    expect(call.url).toBe('/api/pet/1');
    expect(call.headers.api_key).toBe('secret-key');
    expect(call.headers.host).toBe(new URL(upstream.url).host);

    const query = await fetch(`${running.address}/pet/findByStatus?status=sold`, {
      headers: { authorization: 'Bearer t' },
    });
    expect([query.status, violationsOf(query)]).toEqual([200, []]);
    const order = await fetch(`${running.address}/store/order/1`);
    expect([order.status, violationsOf(order)]).toEqual([200, []]);
  });

  it('reports each mistake of the upstream at its place, and still sends its answer', async () => {
    const running = await proxy();
    const key = { headers: { api_key: 'k' } };
    const missing = await fetch(`${running.address}/pet/2`, key);
    expect(missing.status).toBe(200);
    expect(await missing.json()).toEqual({ id: 2, photoUrls: [] });
    expect(violationsOf(missing)).toEqual([
      {
        location: ['response', 'body'],
        severity: 'Error',
        code: 'required',
        message: "must have required property 'name'",
      },
    ]);

    const wrongType = await fetch(`${running.address}/pet/3`, key);
    expect(violationsOf(wrongType)).toEqual([
      { location: ['response', 'body', 'id'], severity: 'Error', code: 'type', message: 'must be integer' },
    ]);

    const undeclared = await fetch(`${running.address}/store/order/5`);
    expect(undeclared.status).toBe(201);
    expect(violationsOf(undeclared)).toEqual([
      {
        location: ['response'],
        severity: 'Error',
        message: 'Unable to match the returned status code with those defined in the document: 200,400,404',
      },
    ]);

    const html = await fetch(`${running.address}/pet/5`, key);
    expect([html.status, await html.text()]).toEqual([200, '<p>Rex</p>']);
    expect(violationsOf(html)[0]).toMatchObject({
      location: ['response'],
      message:
        'The received media type "text/html" does not match the ones specified in the current response: application/xml, application/json',
    });
    await waitForOutput(running, /Violation: response\.body\.id must be integer/);
  });

  it('forwards an invalid request and an unknown route, saying what is wrong with them', async () => {
    const running = await proxy();
    const invalid = await fetch(`${running.address}/pet/findByStatus`, {
      headers: { authorization: 'Bearer t' },
    });
    expect(invalid.status).toBe(404);
    expect(upstream.seen.map((s) => s.url)).toEqual(['/api/pet/findByStatus']);
    expect(violationsOf(invalid)).toContainEqual({
      location: ['request', 'query'],
      severity: 'Error',
      code: 'required',
      message: "must have required property 'status'",
    });

    const unknown = await fetch(`${running.address}/nowhere`);
    expect(unknown.status).toBe(404);
    expect(violationsOf(unknown)).toEqual([
      { location: ['request'], severity: 'Warning', message: 'Selected route not found' },
    ]);
    expect(upstream.seen.at(-1)?.url).toBe('/api/nowhere');
  });

  it('answers from the document what the upstream does not implement (501)', async () => {
    const running = await proxy();
    const answer = await fetch(`${running.address}/user/logout`);
    expect(upstream.seen.map((s) => s.url)).toEqual(['/api/user/logout']);
    // the operation declares only `default`: Prism's mock answers it as 200
    expect(answer.status).toBe(200);
  });

  it('logs what it forwarded with the credentials masked', async () => {
    const dir = folderWith({});
    const log = join(dir, 'calls.jsonl');
    const running = await proxy('--log-file', log);
    await fetch(`${running.address}/pet/1`, {
      headers: { api_key: 'secret-key', authorization: 'Bearer s3cret' },
    });
    await waitForOutput(running, /GET \/pet\/1 → 200/);
    const [record] = readFileSync(log, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(record.forwarded).toMatchObject({
      url: `${upstream.url}/api/pet/1`,
      headers: { api_key: '***', authorization: 'Bearer ***' },
    });
    expect(readFileSync(log, 'utf8')).not.toMatch(/secret-key|s3cret/);
  });

  it('--fail-on response exits 1 once the upstream broke the document, and --report lists the call', async () => {
    const dir = folderWith({});
    const report = join(dir, 'junit.xml');
    const running = await proxy('--fail-on', 'response', '--report', report);
    await fetch(`${running.address}/pet/2`, { headers: { api_key: 'k' } });
    await waitForOutput(running, /GET \/pet\/2 → 200/);
    running.child.kill('SIGTERM');
    expect(await running.exited).toBe(1);
    expect(running.output()).toContain("GET /pet/2 response.body: must have required property 'name'");
    expect(readFileSync(report, 'utf8')).toContain(
      '<failure message="response.body: must have required property',
    );
  });
});

describe('api-sandbox proxy --errors', () => {
  it('refuses an unknown route and an invalid request without forwarding them', async () => {
    const running = await proxy('--errors');
    const unknown = await fetch(`${running.address}/nowhere`);
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { type: string }).type).toBe(
      'https://stoplight.io/prism/errors#NO_PATH_MATCHED_ERROR',
    );

    const unauthorised = await fetch(`${running.address}/pet/findByStatus?status=sold`);
    expect(unauthorised.status).toBe(401);
    expect(unauthorised.headers.get('www-authenticate')).toBe('OAuth2');

    const invalid = await fetch(`${running.address}/pet/findByStatus`, {
      headers: { authorization: 'Bearer t' },
    });
    expect(invalid.status).toBe(422);
    expect(((await invalid.json()) as { validation: unknown[] }).validation).toEqual([
      {
        location: ['query'],
        severity: 'Error',
        code: 'required',
        message: "Request query must have required property 'status'",
      },
    ]);
    expect(upstream.seen).toEqual([]);
  });

  it('turns an answer that breaks the document into a 500 listing why, and lets a correct one through', async () => {
    const running = await proxy('--errors');
    const broken = await fetch(`${running.address}/pet/2`, { headers: { api_key: 'k' } });
    expect(broken.status).toBe(500);
    expect(await broken.json()).toMatchObject({
      type: 'https://stoplight.io/prism/errors#VIOLATIONS',
      validation: [
        {
          location: ['response', 'body'],
          severity: 'Error',
          code: 'required',
          message: "Response body must have required property 'name'",
        },
      ],
    });
    const correct = await fetch(`${running.address}/pet/1`, { headers: { api_key: 'k' } });
    expect([correct.status, await correct.json()]).toEqual([200, pet(1)]);
  });
});

describe('api-sandbox proxy --upstream-proxy', () => {
  it('reaches the upstream through the proxy named, with its credentials', async () => {
    // an http forward proxy of the test's own: it takes absolute URLs and relays them
    const relayed: { url: string; authorization?: string }[] = [];
    const relay = createServer((req, res) => {
      relayed.push({ url: req.url ?? '', authorization: req.headers['proxy-authorization'] });
      const target = new URL(req.url ?? '');
      fetch(target, { headers: { api_key: String(req.headers.api_key) } }).then(async (answer) => {
        res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? '' });
        res.end(Buffer.from(await answer.arrayBuffer()));
      });
    });
    const port = await new Promise<number>((resolve) =>
      relay.listen(0, '127.0.0.1', () => resolve((relay.address() as AddressInfo).port)),
    );
    try {
      const running = await proxy('--upstream-proxy', `http://me:pa%40ss@127.0.0.1:${port}`);
      const answer = await fetch(`${running.address}/pet/2`, { headers: { api_key: 'k' } });
      expect(answer.status).toBe(200);
      expect(violationsOf(answer)[0]).toMatchObject({ location: ['response', 'body'], code: 'required' });
      expect(relayed).toEqual([
        {
          url: `${upstream.url}/api/pet/2`,
          authorization: `Basic ${Buffer.from('me:pa@ss').toString('base64')}`,
        },
      ]);
    } finally {
      relay.close();
    }
  });
});

describe('api-sandbox proxy, when the upstream cannot be used', () => {
  it('answers 502 with a problem saying the upstream cannot be reached', async () => {
    const closed = createServer();
    const port = await new Promise<number>((resolve) =>
      closed.listen(0, '127.0.0.1', () => resolve((closed.address() as AddressInfo).port)),
    );
    await new Promise((resolve) => closed.close(resolve));
    const running = await startProgram(['proxy', '-p', '0', documentFile(), `http://127.0.0.1:${port}`]);
    started.push(running);
    const answer = await fetch(`${running.address}/store/order/1`);
    expect(answer.status).toBe(502);
    expect(await answer.json()).toMatchObject({
      status: 502,
      title: 'Bad Gateway',
      detail: expect.stringContaining('the upstream cannot be reached (ECONNREFUSED)'),
    });
  });

  it('stops at once when the upstream is not a URL', async () => {
    const { code, output } = await runToExit(['proxy', documentFile(), 'petstore.local']);
    expect(code).toBe(1);
    expect(output).toContain('Invalid upstream URL provided: petstore.local');
  });
});
