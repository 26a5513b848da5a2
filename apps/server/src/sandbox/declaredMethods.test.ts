import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndVerify } from '../../test/support/accounts.js';
import { deploy } from '../../test/support/sandbox.js';
import { startTestApp, type TestApp } from '../../test/support/testApp.js';

const document = `
openapi: 3.0.3
info: { title: Methods, version: '1.0' }
paths:
  /ping:
    get:
      responses: { '200': { description: Alive, content: { application/json: { example: { alive: true } } } } }
    head:
      responses: { '204': { description: Alive } }
    options:
      responses: { '200': { description: Allowed, content: { application/json: { example: { allow: [GET, HEAD] } } } } }
    trace:
      responses: { '200': { description: Echo, content: { application/json: { example: { traced: true } } } } }
`;

describe('operations declared as HEAD, OPTIONS and TRACE', () => {
  let app: TestApp;
  let sandbox: Awaited<ReturnType<typeof deploy>>;
  beforeAll(async () => {
    app = await startTestApp('sqlite');
    const { auth } = await signUpAndVerify(app);
    sandbox = await deploy(app, auth, document);
  });
  afterAll(() => app.close());

  it('are kept by the import and listed with the API', () => {
    expect(sandbox.api.apiConfigList.map((e) => `${e.methodType} ${e.apiEndPoint}`).sort()).toEqual([
      'GET /ping',
      'HEAD /ping',
      'OPTIONS /ping',
      'TRACE /ping',
    ]);
  });

  // the Lab calls this server's own sandbox through Fastify's inject, not over the network
  it('are answered as declared through the in-process route too', async () => {
    const call = (method: 'HEAD' | 'OPTIONS' | 'TRACE') =>
      app.server.inject({ method, url: `${sandbox.base}/ping` });
    expect((await call('HEAD')).statusCode).toBe(204);
    const options = await call('OPTIONS');
    expect([options.statusCode, options.json()]).toEqual([200, { allow: ['GET', 'HEAD'] }]);
    const trace = await call('TRACE');
    expect([trace.statusCode, trace.json()]).toEqual([200, { traced: true }]);
  });
});
