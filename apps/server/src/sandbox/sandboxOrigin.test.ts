import { once } from 'node:events';
import { get, type IncomingMessage } from 'node:http';
import type { LabResponse, LabSendRequest } from '@sandbox/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndVerify } from '../../test/support/accounts.js';
import { petstoreYaml } from '../../test/support/petstore.js';
import { deploy } from '../../test/support/sandbox.js';
import { notesYaml } from '../../test/support/sandboxDocuments.js';
import { dialects } from '../../test/support/scratchDatabase.js';
import { startTestApp, type TestApp } from '../../test/support/testApp.js';

const isolated = { 'content-security-policy': 'sandbox', 'x-content-type-options': 'nosniff' };

describe.each(dialects)('sandbox answers kept apart from the app, on %s', (dialect) => {
  let app: TestApp;
  let auth: { authorization: string };
  beforeAll(async () => {
    app = await startTestApp(dialect, { SANDBOX_MAX_RECORDS: '1' });
    ({ auth } = await signUpAndVerify(app));
  });
  afterAll(() => app.close());

  it('marks every answer, errors and preflights included, as a sandbox not to be sniffed', async () => {
    const pets = await deploy(app, auth, petstoreYaml);
    const unknownKey = async (init: RequestInit = {}) => {
      const res = await fetch(`${pets.origin}/sandbox/not-a-key/pets`, init);
      return { statusCode: res.status, headers: Object.fromEntries(res.headers) };
    };
    const answers = {
      list: await pets.call('GET', '/pets'),
      created: await pets.call('POST', '/pets', { body: { name: 'Rex' } }),
      full: await pets.call('POST', '/pets', { body: { name: 'Tom' } }),
      invalid: await pets.call('POST', '/pets', { body: { tag: 'fish' } }),
      unknownPath: await pets.call('GET', '/cats'),
      wrongMethod: await pets.call('PUT', '/pets'),
      head: await pets.call('HEAD', '/pets'),
      preflight: await pets.call('OPTIONS', '/pets', {
        headers: { origin: 'https://app.example', 'access-control-request-method': 'POST' },
      }),
      unknownKey: await unknownKey(),
      unknownKeyPreflight: await unknownKey({ method: 'OPTIONS' }),
      tooLarge: await pets.call('POST', '/pets', { body: { name: 'x'.repeat(1024 * 1024) } }),
    };
    const statuses = Object.fromEntries(Object.entries(answers).map(([name, res]) => [name, res.statusCode]));
    expect(statuses).toEqual({
      list: 200,
      created: 201,
      full: 507,
      invalid: 422,
      unknownPath: 404,
      wrongMethod: 405,
      head: 200,
      preflight: 204,
      unknownKey: 404,
      unknownKeyPreflight: 204,
      tooLarge: 413,
    });
    for (const res of Object.values(answers)) expect(res.headers).toMatchObject(isolated);

    // the Lab's in-process calls go through Fastify, which reads the body first
    const injected = await app.server.inject('/sandbox/not-a-key/pets');
    expect(injected.statusCode).toBe(404);
    expect(injected.headers).toMatchObject(isolated);
    const injectedTooLarge = await app.server.inject({
      method: 'POST',
      url: `${pets.base}/pets`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(1024 * 1024) }),
    });
    expect(injectedTooLarge.statusCode).toBe(413);
    expect(injectedTooLarge.headers).toMatchObject(isolated);
    expect(injectedTooLarge.json()).toMatchObject({ title: 'Payload Too Large', status: 413 });
  });
});

describe.each(dialects)('sandboxes on their own origin (SANDBOX_URL), on %s', (dialect) => {
  const sandboxUrl = 'http://sandbox.localhost:8080';
  let app: TestApp;
  let auth: { authorization: string };
  beforeAll(async () => {
    app = await startTestApp(dialect, { SANDBOX_URL: `${sandboxUrl}/` });
    ({ auth } = await signUpAndVerify(app));
  });
  afterAll(() => app.close());

  const send = (payload: Partial<LabSendRequest>) =>
    app.server.inject({
      method: 'POST',
      url: '/api/send-request',
      headers: auth,
      payload: { requestMethod: 'GET', headers: [], requestBody: '', requestParams: [], ...payload },
    });

  it('gives deployed APIs their address there, and answers them on the main origin too', async () => {
    const notes = await deploy(app, auth, notesYaml);
    expect(notes.api.apiBaseUrl).toMatch(/^http:\/\/sandbox\.localhost:8080\/sandbox\/[\w-]+$/);
    expect(notes.api.apiConfigList[0].publicEndPoint).toBe(`${notes.api.apiBaseUrl}/notes`);
    const listed = (
      await app.server.inject({ url: '/api/api-config-master/deployed', headers: auth })
    ).json();
    expect(listed.map((a: { apiBaseUrl: string }) => a.apiBaseUrl)).toContain(notes.api.apiBaseUrl);

    // The server answers a sandbox path whatever the Host: addresses handed out before the setting keep working.
    expect((await notes.call('POST', '/notes', { body: { title: 'Milk' } })).statusCode).toBe(201);
    const onMainOrigin = await app.server.inject(`${notes.base}/notes`);
    expect(onMainOrigin.json()).toEqual([expect.objectContaining({ title: 'Milk' })]);
  });

  it('lets the Lab call a sandbox at either address, in-process', async () => {
    const notes = await deploy(app, auth, notesYaml);
    await notes.call('POST', '/notes', { body: { title: 'Bread' } });
    for (const requestUrl of [`${notes.api.apiBaseUrl}/notes`, `http://sandbox.test${notes.base}/notes`]) {
      const res = await send({ requestUrl, apiMasterId: notes.api.id });
      expect(res.statusCode).toBe(200);
      const answer: LabResponse = res.json();
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toEqual([expect.objectContaining({ title: 'Bread' })]);
    }
  });
});

const cookieJarYaml = `
openapi: 3.0.3
info: { title: Session, version: '1.0' }
paths:
  /session:
    get:
      responses:
        '200':
          description: Signed in
          headers:
            Set-Cookie: { schema: { type: string, example: 'session=tenant; Path=/' } }
            Clear-Site-Data: { schema: { type: string, example: '"cookies", "storage"' } }
            Refresh: { schema: { type: string, example: '0; url=https://elsewhere.example/' } }
            Access-Control-Allow-Origin: { schema: { type: string, example: 'https://elsewhere.example' } }
            Access-Control-Allow-Credentials: { schema: { type: string, example: 'true' } }
            X-Rate-Limit: { schema: { type: integer, example: 60 } }
          content: { application/json: { schema: { type: object, properties: { user: { type: string } } } } }
`;

const originHeaders = {
  'set-cookie': 'session=tenant; Path=/',
  'clear-site-data': '"cookies", "storage"',
  refresh: '0; url=https://elsewhere.example/',
  'access-control-allow-origin': 'https://elsewhere.example',
  'access-control-allow-credentials': 'true',
};

describe("a tenant's headers that act on the origin that sends them", () => {
  it("are dropped on the app's own origin, and the sandbox's open CORS applies", async () => {
    const app = await startTestApp('sqlite');
    try {
      const { auth } = await signUpAndVerify(app);
      const session = await deploy(app, auth, cookieJarYaml);
      const answer = await session.call('GET', '/session');
      expect(answer.statusCode).toBe(200);
      expect(answer.headers).toMatchObject({ 'x-rate-limit': '60', 'access-control-allow-origin': '*' });
      for (const name of ['set-cookie', 'clear-site-data', 'refresh', 'access-control-allow-credentials'])
        expect(answer.headers).not.toHaveProperty(name);
    } finally {
      await app.close();
    }
  });

  it('are sent as declared where sandboxes have an origin of their own (SANDBOX_URL), and only there', async () => {
    const app = await startTestApp('sqlite', { SANDBOX_URL: 'http://sandbox.localhost:8080' });
    try {
      const { auth } = await signUpAndVerify(app);
      const session = await deploy(app, auth, cookieJarYaml);
      // fetch sends the Host of the address it connects to: node:http lets a test name another
      const headersFor = async (host: string) => {
        const sent = get(`${session.origin}${session.base}/session`, { headers: { host } });
        const [answer] = (await once(sent, 'response')) as [IncomingMessage];
        answer.resume();
        return answer.headers;
      };
      expect(await headersFor('sandbox.localhost:8080')).toMatchObject({
        ...originHeaders,
        'set-cookie': [originHeaders['set-cookie']],
        'x-rate-limit': '60',
      });
      const onAppOrigin = await headersFor('sandbox.test');
      expect(onAppOrigin).not.toHaveProperty('set-cookie');
      expect(onAppOrigin['access-control-allow-origin']).toBe('*');

      const lab = await app.server.inject({
        method: 'POST',
        url: '/api/send-request',
        headers: auth,
        payload: {
          requestMethod: 'GET',
          requestUrl: `${session.api.apiBaseUrl}/session`,
          apiMasterId: session.api.id,
          headers: [],
          requestBody: '',
          requestParams: [],
        },
      });
      const labAnswer: LabResponse = lab.json();
      expect(labAnswer.status).toBe(200);
      expect(JSON.stringify(labAnswer.headers)).toContain('session=tenant');
    } finally {
      await app.close();
    }
  });
});
