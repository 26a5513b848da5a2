import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { dialects } from '../../test/support/scratchDatabase.js';
import { startTestApp, type TestApp } from '../../test/support/testApp.js';

/** The app on a real port: shutdown is about connections. */
async function listening(app: TestApp): Promise<number> {
  await app.server.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.server.address() as { port: number }).port;
}

/** Resolves once the server has read a request's headers: from then on, that request is in flight. */
const requestArrives = (app: TestApp) => new Promise((resolve) => app.server.server.once('request', resolve));

/** A request whose body never finishes arriving: in flight until the server cuts it. */
function hungRequest(port: number): Promise<'cut'> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(
        'POST /api/v1/auth/authenticate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"em',
      );
    });
    // a cut connection may end in a reset: its close is what the test waits for
    socket.on('error', () => {});
    socket.on('close', () => resolve('cut'));
  });
}

describe.each(dialects)('health and readiness, on %s', (dialect) => {
  let app: TestApp;
  afterEach(() => app.close());

  it('answers health by asking the database, and says which database answers', async () => {
    app = await startTestApp(dialect);
    const health = await app.server.inject('/api/health');
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok', database: dialect });
    expect((await app.server.inject('/api/ready')).json()).toEqual({ status: 'ready' });
  });

  it('answers 503 when the database does not answer', async () => {
    app = await startTestApp(dialect);
    await app.db.close();
    const health = await app.server.inject('/api/health');
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ status: 'unavailable', database: dialect });
    expect(health.json().detail).toMatch(/^The database does not answer: /);
  });
});

describe('shutting down', () => {
  let app: TestApp;
  afterEach(() => app.close().catch(() => {}));

  it('drains: a request in flight is answered, readiness turns 503 meanwhile, and shutdown ends', async () => {
    app = await startTestApp('sqlite');
    const port = await listening(app);
    const body = JSON.stringify({ username: 'nobody@example.com', password: 'wrong-password' });
    // the request is under way (headers sent) when shutdown begins; its body follows
    const arrived = requestArrives(app);
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      `POST /api/v1/auth/authenticate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
    );
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk;
    });
    const closed = new Promise((resolve) => socket.once('close', resolve));
    await arrived;

    const shutdown = app.shutdown(5000);
    expect((await app.server.inject('/api/ready')).statusCode).toBe(503);
    // written, not ended: a client that half-closes its side has its request aborted
    socket.write(body);
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 40[13] /);
    expect(await shutdown).toBe('drained');
  });

  it('cuts the connections still open at the deadline', async () => {
    app = await startTestApp('sqlite');
    const port = await listening(app);
    const arrived = requestArrives(app);
    const hung = hungRequest(port);
    await arrived;
    const [outcome, request] = await Promise.all([app.shutdown(200), hung]);
    expect(outcome).toBe('forced');
    expect(request).toBe('cut');
  });
});
