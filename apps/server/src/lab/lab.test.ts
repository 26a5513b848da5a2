import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  LAB_MAX_BODY_BYTES,
  type LabResponse,
  type LabSendRequest,
  labMessages,
  ROLE_VIEWER,
} from '@sandbox/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setPassword, signIn, signUpAndVerify } from '../../test/support/accounts.js';
import { petstoreYaml } from '../../test/support/petstore.js';
import { deploy } from '../../test/support/sandbox.js';
import { dialects } from '../../test/support/scratchDatabase.js';
import { aRegistration, startTestApp, type TestApp } from '../../test/support/testApp.js';
import { createUserStore } from '../auth/store.js';
import { newVerificationToken } from '../auth/verificationLink.js';
import { resolveWithDns } from '../outbound/guardedLookup.js';

// No public server is reachable from a test, so one on 127.0.0.2 plays it: the test's resolver maps
// public.example to it and the test alone allows that one address. Every other check is production's.
const PUBLIC_ADDRESS = '127.0.0.2';

function listen(server: Server, host: string): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, host, () => resolve((server.address() as AddressInfo).port)),
  );
}

// A real 1×1 PNG: its bytes must come back exactly as sent.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A small document whose answers are XML, JSON, an image and a HEAD with no body. */
const galleryYaml = `openapi: 3.0.3
info: { title: Gallery, version: 1.0.0 }
paths:
  /photos/{id}:
    parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
    get:
      responses:
        '200':
          description: A photo's details
          content:
            application/json:
              example: { id: p1, title: Harbour }
            application/xml:
              example: '<photo><id>p1</id><title>Harbour</title></photo>'
        '404':
          description: No such photo
          content:
            application/xml:
              example: '<error>No photo p1</error>'
    head:
      responses:
        '200':
          description: The photo exists
          headers:
            X-Photo-Size: { schema: { type: integer, example: 2048 } }
  /photos/{id}/image:
    parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
    get:
      responses:
        '200':
          description: The photo itself
          content:
            image/png:
              schema: { type: string, format: binary }
`;

function publicServer(): Server {
  return createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://public.example');
    const chunks: Buffer[] = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      switch (url.pathname) {
        case '/hello':
          return response
            .writeHead(200, { 'content-type': 'application/json', 'x-served-by': 'public' })
            .end('{"hello":"world"}');
        case '/echo':
          return response
            .writeHead(200, {
              'content-type': 'application/json',
              // A HEAD answer has no body to echo in, so these say what arrived.
              'x-received-bytes': Buffer.concat(chunks).length,
              'x-received-content-type': request.headers['content-type'] ?? 'none',
            })
            .end(
              JSON.stringify({
                method: request.method,
                query: url.search,
                headers: request.headers,
                body: Buffer.concat(chunks).toString(),
              }),
            );
        case '/png':
          return response.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
        case '/octets':
          return response
            .writeHead(200, { 'content-type': 'application/octet-stream' })
            .end(Buffer.from([0x00, 0xff, 0x10, 0x80, 0x7f]));
        case '/latin1':
          return response
            .writeHead(200, { 'content-type': 'text/plain; charset=iso-8859-1' })
            .end(Buffer.from('café au lait', 'latin1'));
        case '/untyped':
          return response.end('plain words, no type');
        case '/xml':
          return response
            .writeHead(200, { 'content-type': 'application/xml' })
            .end('<?xml version="1.0"?><note>héllo</note>');
        case '/to-hello':
          return response.writeHead(301, { location: '/hello' }).end();
        case '/to-private':
          return response.writeHead(302, { location: 'http://10.0.0.1/admin' }).end();
        case '/to':
          return response.writeHead(302, { location: url.searchParams.get('location') ?? '/' }).end();
        case '/to-loopback-name':
          return response
            .writeHead(307, { location: `http://loopback.example:${url.searchParams.get('port')}/secret` })
            .end();
        case '/loop':
          return response.writeHead(302, { location: '/loop' }).end();
        case '/big':
          return response
            .writeHead(200, { 'content-type': 'text/plain', 'content-length': 3 * 1024 * 1024 })
            .end('x'.repeat(3 * 1024 * 1024));
        case '/slow':
          return; // never answers
        default:
          response.writeHead(404).end();
      }
    });
  });
}

/** A Viewer of the owner's team, signed in (spec §6 role 1). */
async function signedInViewer(app: TestApp, ownerId: number) {
  const registration = aRegistration();
  const token = newVerificationToken();
  const viewer = await createUserStore(app.db.kysely).createWithVerification(
    {
      firstName: registration.firstName,
      lastName: registration.lastName,
      email: registration.emailAddress,
      username: registration.username,
      passwordHash: null,
      roleId: ROLE_VIEWER,
      parentUserId: ownerId,
      isNewsletterSubscribed: false,
    },
    token,
  );
  const verified = await app.server.inject({
    method: 'POST',
    url: `/api/v1/auth/verification/${token.raw}/true/${viewer.id}`,
  });
  await setPassword(app, viewer.id, registration.password, verified.json().setPasswordToken);
  const { jwt } = (await signIn(app, registration.username, registration.password)).json();
  return { authorization: `Bearer ${jwt}` };
}

describe.each(dialects)('the API Lab on %s', (dialect) => {
  let app: TestApp;
  let owner: Awaited<ReturnType<typeof signUpAndVerify>>;
  const outside = publicServer();
  const inside = createServer((_request, response) => response.end('the server’s private network'));
  let outsidePort: number;
  let insidePort: number;

  beforeAll(async () => {
    outsidePort = await listen(outside, PUBLIC_ADDRESS);
    insidePort = await listen(inside, '127.0.0.1');
    app = await startTestApp(
      dialect,
      {},
      {
        labNetwork: {
          resolve: async (hostname) => {
            if (hostname === 'public.example') return [{ address: PUBLIC_ADDRESS, family: 4 }];
            // sandbox.test is this server's own name, on a loopback address as on a developer's machine.
            if (hostname === 'loopback.example' || hostname === 'sandbox.test')
              return [{ address: '127.0.0.1', family: 4 }];
            if (hostname === 'translated.example') return [{ address: '64:ff9b:1::7f00:1', family: 6 }];
            return resolveWithDns(hostname);
          },
          allowAddress: (address) => address === PUBLIC_ADDRESS,
          timeoutMs: 1500,
        },
      },
    );
    owner = await signUpAndVerify(app);
  });
  afterAll(async () => {
    outside.closeAllConnections();
    outside.close();
    inside.close();
    await app.close();
  });

  const send = (payload: Partial<LabSendRequest>, auth = owner.auth) =>
    app.server.inject({
      method: 'POST',
      url: '/api/send-request',
      headers: auth,
      payload: { requestMethod: 'GET', headers: [], requestBody: '', requestParams: [], ...payload },
    });
  const publicUrl = (path: string) => `http://public.example:${outsidePort}${path}`;

  it('refuses loopback, private, link-local, CGNAT and metadata addresses', async () => {
    const urls = [
      `http://127.0.0.1:${insidePort}/`,
      `http://localhost:${insidePort}/`,
      `http://[::1]:${insidePort}/`,
      'http://10.0.0.1/',
      'http://172.16.0.1/',
      'http://192.168.1.1/',
      'http://169.254.169.254/latest/meta-data/',
      'http://100.64.0.1/',
      'http://0.0.0.0/',
      'http://[fd00:ec2::254]/',
      'http://[fe80::1]/',
      `http://[::ffff:127.0.0.1]:${insidePort}/`,
      `http://2130706433:${insidePort}/`,
      'https://224.0.0.1/',
    ];
    for (const requestUrl of urls) {
      const res = await send({ requestUrl });
      expect(res.statusCode, requestUrl).toBe(400);
      expect(res.json().message, requestUrl).toBe(labMessages.privateAddress);
    }
  });

  // Each of these reached past the deny list this policy replaced.
  const disguisedLoopback = ['::7f00:1', '::ffff:0:7f00:1', '64:ff9b:1::7f00:1', '64:ff9b:1:abcd::1'];

  it('refuses loopback disguised as IPv4-compatible, translated or local NAT64 addresses', async () => {
    for (const address of disguisedLoopback) {
      const res = await send({ requestUrl: `http://[${address}]:${insidePort}/` });
      expect(res.statusCode, address).toBe(400);
      expect(res.json().message, address).toBe(labMessages.privateAddress);
    }
  });

  it('refuses a redirect to a disguised loopback address, and a name that resolves to one', async () => {
    for (const address of disguisedLoopback) {
      const location = encodeURIComponent(`http://[${address}]:${insidePort}/`);
      const res = await send({ requestUrl: publicUrl(`/to?location=${location}`) });
      expect(res.statusCode, address).toBe(400);
      expect(res.json().message, address).toBe(labMessages.privateAddress);
    }
    const res = await send({ requestUrl: `http://translated.example:${insidePort}/` });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('translated.example resolves to 64:ff9b:1::7f00:1');
  });

  it('refuses a host name that resolves to a loopback address', async () => {
    const res = await send({ requestUrl: `http://loopback.example:${insidePort}/` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: labMessages.privateAddress,
      detail: 'loopback.example resolves to 127.0.0.1',
    });
  });

  it('refuses a redirect to a private address or to a name of one', async () => {
    const toPrivate = await send({ requestUrl: publicUrl('/to-private') });
    expect(toPrivate.statusCode).toBe(400);
    expect(toPrivate.json().message).toBe(labMessages.privateAddress);
    const toName = await send({ requestUrl: publicUrl(`/to-loopback-name?port=${insidePort}`) });
    expect(toName.statusCode).toBe(400);
    expect(toName.json().detail).toBe('loopback.example resolves to 127.0.0.1');
  });

  it('refuses schemes other than http and https', async () => {
    for (const requestUrl of [
      'file:///etc/passwd',
      'ftp://public.example/',
      'gopher://public.example:70/',
      'data:text/plain,hi',
    ]) {
      const res = await send({ requestUrl });
      expect(res.statusCode, requestUrl).toBe(400);
      expect(res.json().message, requestUrl).toBe(labMessages.onlyHttp);
    }
    expect((await send({ requestUrl: 'not a url' })).json().message).toBe(labMessages.invalidUrl);
  });

  it('answers a public address, following its redirects', async () => {
    const res = await send({ requestUrl: publicUrl('/to-hello') });
    expect(res.statusCode).toBe(200);
    const answer: LabResponse = res.json();
    expect(answer).toMatchObject({
      status: 200,
      statusText: 'OK',
      body: '{"hello":"world"}',
      redirects: 1,
      truncated: false,
      sizeBytes: 17,
    });
    expect(answer.url).toBe(publicUrl('/hello'));
    expect(answer.headers['x-served-by']).toBe('public');
    expect(answer.timeMs).toBeGreaterThanOrEqual(0);
  });

  it('sends the method, query params, headers and body it is given', async () => {
    const res = await send({
      requestMethod: 'POST',
      requestUrl: publicUrl('/echo?a=1'),
      requestParams: [
        { key: 'b', value: 'two words' },
        { key: '', value: 'ignored' },
      ],
      headers: [
        { key: 'X-Trace', value: 'abc' },
        { key: 'Host', value: 'evil.example' },
        { key: 'Accept', value: 'application/xml;q=0.9, */*;q=0.1' },
        { key: 'Prefer', value: 'code=404, example=missing' },
      ],
      requestBody: '{"name":"Rex"}',
    });
    const echoed = JSON.parse(res.json().body);
    expect(echoed).toMatchObject({ method: 'POST', query: '?a=1&b=two+words', body: '{"name":"Rex"}' });
    expect(echoed.headers).toMatchObject({
      'x-trace': 'abc',
      accept: 'application/xml;q=0.9, */*;q=0.1',
      prefer: 'code=404, example=missing',
      'content-type': 'application/json',
      host: `public.example:${outsidePort}`,
    });
  });

  it('sends no body with HEAD or TRACE, and the one typed with OPTIONS or DELETE', async () => {
    const typed = { requestUrl: publicUrl('/echo'), requestBody: '{"ignored":true}' };
    const head: LabResponse = (await send({ ...typed, requestMethod: 'HEAD' })).json();
    expect(head).toMatchObject({ status: 200, body: '', sizeBytes: 0 });
    expect(head.bodyEncoding).toBeUndefined();
    expect(head.headers).toMatchObject({ 'x-received-bytes': '0', 'x-received-content-type': 'none' });

    const trace: LabResponse = (await send({ ...typed, requestMethod: 'TRACE' })).json();
    expect(JSON.parse(trace.body)).toMatchObject({ method: 'TRACE', body: '' });
    expect(trace.headers['x-received-content-type']).toBe('none');

    for (const requestMethod of ['OPTIONS', 'DELETE'] as const) {
      const answer: LabResponse = (await send({ ...typed, requestMethod })).json();
      expect(JSON.parse(answer.body)).toMatchObject({ method: requestMethod, body: '{"ignored":true}' });
    }
  });

  it('carries a binary answer byte for byte, in base64', async () => {
    const png: LabResponse = (await send({ requestUrl: publicUrl('/png') })).json();
    expect(png).toMatchObject({ status: 200, bodyEncoding: 'base64', sizeBytes: PNG.length });
    expect(png.headers['content-type']).toBe('image/png');
    expect(Buffer.from(png.body, 'base64').equals(PNG)).toBe(true);

    const octets: LabResponse = (await send({ requestUrl: publicUrl('/octets') })).json();
    expect(octets.bodyEncoding).toBe('base64');
    expect([...Buffer.from(octets.body, 'base64')]).toEqual([0x00, 0xff, 0x10, 0x80, 0x7f]);
  });

  it('answers text as text: XML, a charset other than UTF-8, and an untyped body that reads as text', async () => {
    const xml: LabResponse = (await send({ requestUrl: publicUrl('/xml') })).json();
    expect(xml.body).toBe('<?xml version="1.0"?><note>héllo</note>');
    expect(xml.bodyEncoding).toBeUndefined();
    const latin1: LabResponse = (await send({ requestUrl: publicUrl('/latin1') })).json();
    expect(latin1.body).toBe('café au lait');
    expect(latin1.sizeBytes).toBe(12);
    const untyped: LabResponse = (await send({ requestUrl: publicUrl('/untyped') })).json();
    expect(untyped).toMatchObject({ body: 'plain words, no type' });
    expect(untyped.bodyEncoding).toBeUndefined();
  });

  it('gives up after five redirects', async () => {
    const res = await send({ requestUrl: publicUrl('/loop') });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(labMessages.tooManyRedirects);
  });

  it('cuts a body larger than 2 MB and says so', async () => {
    const answer: LabResponse = (await send({ requestUrl: publicUrl('/big') })).json();
    expect(answer.truncated).toBe(true);
    expect(answer.body.length).toBe(LAB_MAX_BODY_BYTES);
    expect(answer.sizeBytes).toBe(3 * 1024 * 1024);
    expect(answer.note).toBe(labMessages.truncated);
  });

  it('stops waiting at the time limit', async () => {
    const res = await send({ requestUrl: publicUrl('/slow') });
    expect(res.statusCode).toBe(504);
    expect(res.json().message).toBe(labMessages.timedOut);
  });

  it('answers the server’s own sandbox in-process', async () => {
    const { api } = await deploy(app, owner.auth, petstoreYaml);
    const created = await send({
      requestMethod: 'POST',
      requestUrl: `${api.apiBaseUrl}/pets`,
      requestBody: JSON.stringify({ name: 'Rex', tag: 'dog' }),
      apiMasterId: api.id,
    });
    expect(created.statusCode).toBe(200);
    const answer: LabResponse = created.json();
    expect(answer.status).toBe(201);
    expect(answer.headers['content-type']).toMatch(/application\/json/);
    const pet = JSON.parse(answer.body);
    expect(pet).toMatchObject({ name: 'Rex', tag: 'dog' });

    const found: LabResponse = (
      await send({
        requestUrl: `${api.apiBaseUrl}/pets/{petId}`.replace('{petId}', pet.id),
        apiMasterId: api.id,
      })
    ).json();
    expect(found.status).toBe(200);
    expect(JSON.parse(found.body)).toEqual(pet);
  });

  it('hands the sandbox the Accept and Prefer typed, and shows its XML, image and HEAD answers', async () => {
    const { api } = await deploy(app, owner.auth, galleryYaml);
    const photo = `${api.apiBaseUrl}/photos/p1`;
    const asXml: LabResponse = (
      await send({
        requestUrl: photo,
        headers: [{ key: 'Accept', value: 'application/xml' }],
        apiMasterId: api.id,
      })
    ).json();
    expect(asXml).toMatchObject({ status: 200, body: '<photo><id>p1</id><title>Harbour</title></photo>' });
    expect(asXml.headers['content-type']).toMatch(/^application\/xml/);

    const missing: LabResponse = (
      await send({
        requestUrl: photo,
        headers: [
          { key: 'Accept', value: 'application/xml' },
          { key: 'Prefer', value: 'code=404' },
        ],
        apiMasterId: api.id,
      })
    ).json();
    expect(missing).toMatchObject({ status: 404, body: '<error>No photo p1</error>' });

    const refused: LabResponse = (
      await send({ requestUrl: photo, headers: [{ key: 'Accept', value: 'text/csv' }], apiMasterId: api.id })
    ).json();
    expect(refused.status).toBe(406);

    const image: LabResponse = (await send({ requestUrl: `${photo}/image`, apiMasterId: api.id })).json();
    expect(image).toMatchObject({ status: 200, bodyEncoding: 'base64' });
    expect(image.headers['content-type']).toMatch(/^image\/png/);
    const bytes = Buffer.from(image.body, 'base64');
    expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(image.sizeBytes).toBe(bytes.length);

    const head: LabResponse = (
      await send({ requestMethod: 'HEAD', requestUrl: photo, requestBody: 'x', apiMasterId: api.id })
    ).json();
    expect(head).toMatchObject({ status: 200, body: '', sizeBytes: 0 });
    expect(head.headers['x-photo-size']).toBe('2048');
  });

  it('keeps the rest of this server out of reach', async () => {
    for (const requestUrl of [
      'http://sandbox.test/api/tokens',
      'http://sandbox.test/sandbox/../api/tokens',
      'http://sandbox.test/sandbox/%2e%2e/api/tokens',
    ]) {
      const res = await send({ requestUrl });
      expect(res.statusCode, requestUrl).toBe(400);
      expect(res.json().message, requestUrl).toBe(labMessages.privateAddress);
    }
  });

  it('does not let a Viewer send', async () => {
    const viewer = await signedInViewer(app, owner.user.id);
    const res = await send({ requestUrl: publicUrl('/hello') }, viewer);
    expect(res.statusCode).toBe(403);
  });

  it('refuses another team’s API', async () => {
    const { api } = await deploy(app, owner.auth, petstoreYaml);
    const stranger = await signUpAndVerify(app);
    const res = await send({ requestUrl: `${api.apiBaseUrl}/pets`, apiMasterId: api.id }, stranger.auth);
    expect(res.statusCode).toBe(404);
  });
});
