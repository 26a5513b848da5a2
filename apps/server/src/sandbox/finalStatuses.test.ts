import { once } from 'node:events';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndVerify } from '../../test/support/accounts.js';
import { deploy } from '../../test/support/sandbox.js';
import { startTestApp, type TestApp } from '../../test/support/testApp.js';

const upgradeYaml = `
openapi: 3.0.3
info: { title: Chat, version: '1.0' }
paths:
  /rooms:
    get:
      responses:
        '200': { description: Rooms, content: { application/json: { schema: { type: array, items: { type: string } } } } }
        '101': { description: Switching to WebSocket }
        '1XX': { description: Interim }
  /lobby:
    get:
      responses:
        '101': { description: Switching to WebSocket }
`;

/** Sends `requests` on one connection at once and answers the status line of each answer, in order. */
async function pipeline(origin: string, requests: string[], answers: number): Promise<string[]> {
  const { hostname, port } = new URL(origin);
  const socket = connect(Number(port), hostname);
  await once(socket, 'connect');
  socket.write(requests.join(''));
  let received = '';
  const deadline = setTimeout(() => socket.destroy(), 5000);
  socket.on('data', (chunk) => {
    received += chunk;
    if ((received.match(/HTTP\/1\.1 \d{3} /g) ?? []).length >= answers) socket.end();
  });
  await once(socket, 'close');
  clearTimeout(deadline);
  return (received.match(/HTTP\/1\.1 \d{3} /g) ?? []).map((line) => line.trim());
}

describe('the statuses a sandbox answers with', () => {
  let app: TestApp;
  let auth: { authorization: string };
  beforeAll(async () => {
    app = await startTestApp('sqlite');
    ({ auth } = await signUpAndVerify(app));
  });
  afterAll(() => app.close());

  it('are final, whatever the caller prefers: 101 and 100 are not answered, and pipelined answers pair up', async () => {
    const chat = await deploy(app, auth, upgradeYaml);
    const get = (target: string, headers = '') =>
      `GET ${chat.base}${target} HTTP/1.1\r\nHost: localhost\r\n${headers}\r\n`;
    const statuses = await pipeline(
      chat.origin,
      [get('/rooms', 'Prefer: code=101\r\n'), get('/rooms?__code=100'), get('/nowhere')],
      3,
    );
    expect(statuses).toEqual(['HTTP/1.1 200', 'HTTP/1.1 200', 'HTTP/1.1 404']);
  });

  it("are never a document's 1xx", async () => {
    const chat = await deploy(app, auth, upgradeYaml);
    const lobby = await chat.call('GET', '/lobby');
    expect(lobby.statusCode).toBeGreaterThanOrEqual(200);
    expect((await chat.call('GET', '/lobby', { headers: { prefer: 'code=101' } })).statusCode).toBe(
      lobby.statusCode,
    );
  });

  it('refuses a simulated failure with a 1xx status', async () => {
    const chat = await deploy(app, auth, upgradeYaml);
    const saved = await app.server.inject({
      method: 'PUT',
      url: `/api/api-config-master/${chat.api.id}/behaviour`,
      headers: auth,
      payload: { failureRate: 100, failureStatus: 101 },
    });
    expect(saved.statusCode).toBe(400);
    expect(saved.body).toContain('A status from 200 to 599, or 0 to drop the connection');
  });
});
