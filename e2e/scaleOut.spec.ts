// Three instances of the product on one PostgreSQL database behind a round-robin balancer of the
// test's own, as a team scales out: whichever instance answers, the sandbox is one sandbox.
import { randomBytes } from 'node:crypto';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployByApi, importApiAs, sessionOf, signUpAndVerifyByApi } from './support/journeys.js';
import { type RunningProduct, startProduct } from './support/server.js';

const adminUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const PETS = `openapi: 3.0.3
info: { title: Pets, version: 1.0.0 }
paths:
  /pets:
    post:
      requestBody:
        required: true
        content: { application/json: { schema: { $ref: '#/components/schemas/Pet' } } }
      responses:
        '201':
          description: Created
          content: { application/json: { schema: { $ref: '#/components/schemas/Pet' } } }
  /pets/{petId}:
    get:
      parameters:
        - { name: petId, in: path, required: true, schema: { type: string } }
      responses:
        '200':
          description: A pet
          content: { application/json: { schema: { $ref: '#/components/schemas/Pet' } } }
        '404': { description: Not found }
components:
  schemas:
    Pet:
      type: object
      required: [name]
      properties:
        id: { type: string, format: uuid }
        name: { type: string }
`;

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A balancer that hands each request to the next instance in turn, and says which one answered in
 * `x-instance`; a request to an instance that is gone is answered 502, as a balancer's would be.
 */
function roundRobin(instances: RunningProduct[]): Promise<{ url: string; server: Server }> {
  let next = 0;
  const server = createServer((incoming, outgoing) => {
    const index = next++ % instances.length;
    const target = new URL(instances[index].url);
    const forwarded = request(
      {
        host: target.hostname,
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-instance': String(index) });
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', () => {
      if (!outgoing.headersSent) outgoing.writeHead(502, { 'x-instance': String(index) });
      outgoing.end();
    });
    incoming.pipe(forwarded);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server }),
    ),
  );
}

describe('three instances on one PostgreSQL database', () => {
  const database = `scale_${randomBytes(5).toString('hex')}`;
  const instances: RunningProduct[] = [];
  let balancer: { url: string; server: Server };
  let session: string;
  let apiId: number;
  let base: string;
  let bearer: { authorization: string };

  const newToken = async () => {
    const res = await fetch(`${instances[0].url}/api/generateToken/${apiId}`, {
      headers: { authorization: `Bearer ${session}` },
    });
    const token = (await res.json()) as { id: number; generatedAccessToken: string };
    return { id: token.id, authorization: `Bearer ${token.generatedAccessToken}` };
  };
  const call = (origin: string, method: 'GET' | 'POST', path: string, auth = bearer, body?: unknown) =>
    fetch(`${origin}${base}${path}`, {
      method,
      headers: { ...auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  beforeAll(async () => {
    await admin(`CREATE DATABASE ${database}`);
    const url = new URL(adminUrl);
    url.pathname = `/${database}`;
    // one secret, so that a session one instance signed is good on the others
    const env = { DATABASE_URL: url.toString(), JWT_SECRET: randomBytes(32).toString('hex') };
    // the account is made before the others start: its mail is then written by the first alone
    instances.push(await startProduct(env));
    const user = await signUpAndVerifyByApi(instances[0]);
    session = await sessionOf(instances[0], user.email);
    const api = await importApiAs(instances[0], session, {
      name: 'Pets',
      document: PETS,
      isAuthRequired: true,
    });
    apiId = api.id;
    base = new URL((await deployByApi(instances[0], session, api.id)).apiBaseUrl as string).pathname;
    instances.push(...(await Promise.all([startProduct(env), startProduct(env)])));
    balancer = await roundRobin(instances);
    bearer = await newToken();
  });

  afterAll(async () => {
    balancer?.server.close();
    for (const instance of instances) await instance.stop();
    await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  });

  it('read on one instance what another stored', async () => {
    for (let n = 0; n < 3; n++) {
      const created = await call(balancer.url, 'POST', '/pets', bearer, { name: `Rex ${n}` });
      expect(created.status).toBe(201);
      const pet = (await created.json()) as { id: string; name: string };
      const read = await call(balancer.url, 'GET', `/pets/${pet.id}`);
      expect(read.headers.get('x-instance')).not.toBe(created.headers.get('x-instance'));
      expect(read.status).toBe(200);
      expect(await read.json()).toEqual(pet);
    }
  });

  it('refuse on every instance, within a second, a token revoked on one', async () => {
    const token = await newToken();
    for (const instance of instances)
      expect((await call(instance.url, 'GET', '/pets/x', token)).status).toBe(404);
    const revoked = await fetch(`${instances[0].url}/api/deleteToken/${token.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${session}` },
    });
    expect(revoked.ok).toBe(true);
    const started = Date.now();
    for (const instance of instances.slice(1)) {
      while ((await call(instance.url, 'GET', '/pets/x', token)).status !== 401) {
        expect(Date.now() - started).toBeLessThan(1000);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    }
  });

  it('stream from one instance the calls the others answered', async () => {
    const abort = new AbortController();
    const stream = await fetch(`${instances[0].url}/api/api-config-master/${apiId}/requests/stream`, {
      headers: { authorization: `Bearer ${session}` },
      signal: abort.signal,
    });
    expect(stream.status).toBe(200);
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    const paths = ['/pets/asked-of-the-second', '/pets/asked-of-the-third'];
    await call(instances[1].url, 'GET', paths[0]);
    await call(instances[2].url, 'GET', paths[1]);
    let text = '';
    const gaveUp = setTimeout(() => abort.abort(), 10_000);
    while (!paths.every((path) => text.includes(`"path":"${path}"`))) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    clearTimeout(gaveUp);
    abort.abort();
    for (const path of paths) expect(text).toContain(`"path":"${path}"`);
  });

  it('lose no acknowledged write when an instance is killed in the middle of a burst', async () => {
    const acknowledged: { id: string; name: string }[] = [];
    let sent = 0;
    let killed: Promise<void> | undefined;
    const worker = async () => {
      while (sent < 300) {
        const name = `Burst ${sent++}`;
        const res = await call(balancer.url, 'POST', '/pets', bearer, { name }).catch(() => undefined);
        if (res?.status === 201) acknowledged.push((await res.json()) as { id: string; name: string });
        else await res?.body?.cancel();
        if (acknowledged.length === 60) killed ??= instances[1].kill();
      }
    };
    await Promise.all(Array.from({ length: 20 }, worker));
    await killed;
    expect(acknowledged.length).toBeGreaterThan(150);
    const reads = await Promise.all(
      acknowledged.map((pet) => call(instances[2].url, 'GET', `/pets/${pet.id}`)),
    );
    const missing = acknowledged.filter((_, n) => reads[n].status !== 200);
    expect(missing).toEqual([]);
    expect(await Promise.all(reads.map((res) => res.json()))).toEqual(acknowledged);
  });
});
