import { requestLogPaths } from '@sandbox/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndVerify } from '../../test/support/accounts.js';
import { deploy } from '../../test/support/sandbox.js';
import { dialects } from '../../test/support/scratchDatabase.js';
import { startTestApp, type TestApp } from '../../test/support/testApp.js';

// A simulated server error answers problem details when the response it falls on declares no body:
// a bare `default` (as many documents write it), or a declared 503 without content.
const document = `
openapi: 3.0.3
info: { title: Catalogue, version: 1.0.0 }
paths:
  /books:
    get:
      responses:
        '200':
          description: Books
          content:
            application/json:
              example: [{ id: 1 }]
        default:
          description: Unexpected error
  /authors:
    get:
      responses:
        '200':
          description: Authors
          content:
            application/json:
              example: [{ id: 1 }]
        '503':
          description: Down for maintenance
`;

describe.each(dialects)('a simulated failure on a response without content, on %s', (dialect) => {
  let app: TestApp;
  let auth: { authorization: string };
  let sandbox: Awaited<ReturnType<typeof deploy>>;

  beforeAll(async () => {
    app = await startTestApp(dialect);
    ({ auth } = await signUpAndVerify(app));
    sandbox = await deploy(app, auth, document);
  });
  afterAll(() => app.close());

  const failEvery = async (path: string, failureStatus: number) => {
    const endpointId = sandbox.api.apiConfigList.find((e) => e.apiEndPoint === path)?.id as number;
    const saved = await app.server.inject({
      method: 'PUT',
      url: requestLogPaths.endpointBehaviour(sandbox.api.id, endpointId),
      headers: auth,
      payload: { failureRate: 100, failureStatus },
    });
    expect(saved.statusCode).toBe(200);
  };

  it('answers a 503 that falls on a bare default with problem details', async () => {
    await failEvery('/books', 503);
    const res = await sandbox.call('GET', '/books');
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({ type: 'about:blank', status: 503, title: 'Service Unavailable' });
  });

  it('answers a declared 503 without content with problem details', async () => {
    await failEvery('/authors', 503);
    const res = await sandbox.call('GET', '/authors');
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({ status: 503, title: 'Service Unavailable' });
  });
});
