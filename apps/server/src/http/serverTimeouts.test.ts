import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/support/testApp.js';

// Limits of a few hundred milliseconds stand for the production ones (seconds), so a slow client is
// cut off within the test's time.
const timeouts = {
  headersTimeout: 400,
  requestTimeout: 800,
  keepAliveTimeout: 300,
  connectionsCheckingInterval: 50,
};

/** A raw connection: what it received, and a promise settled when the server closes it. */
function open(port: number): { socket: Socket; received: () => string; closed: Promise<void> } {
  const socket = connect(port, '127.0.0.1');
  let text = '';
  socket.on('data', (data) => {
    text += data;
  });
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  return { socket, received: () => text, closed };
}

/** Sends `parts` one at a time, `gapMs` apart, until they run out or the server hangs up. */
async function trickle(socket: Socket, parts: string[], gapMs: number): Promise<void> {
  for (const part of parts) {
    if (socket.destroyed || socket.writableEnded) return;
    socket.write(part);
    await new Promise((resolve) => setTimeout(resolve, gapMs));
  }
}

describe('connection time limits', () => {
  let app: TestApp;
  let port: number;
  beforeAll(async () => {
    app = await startTestApp('sqlite', {}, { serverTimeouts: timeouts });
    const url = await app.server.listen({ port: 0, host: '127.0.0.1' });
    port = Number(new URL(url).port);
  });
  afterAll(() => app.close());

  it('cuts off a client that sends its headers slowly', async () => {
    const { socket, received, closed } = open(port);
    // One header line every 100 ms would take 6 s in all; the server stops waiting long before.
    const lines = [
      'GET /api/health HTTP/1.1\r\n',
      ...Array.from({ length: 60 }, (_, i) => `X-Slow-${i}: 1\r\n`),
    ];
    await Promise.race([trickle(socket, lines, 100), closed]);
    await closed;
    expect(received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('cuts off a client that sends its body slowly', async () => {
    const { socket, received, closed } = open(port);
    socket.write(
      'POST /api/v1/auth/authenticate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n',
    );
    await Promise.race([
      trickle(
        socket,
        Array.from({ length: 60 }, () => ' '),
        100,
      ),
      closed,
    ]);
    await closed;
    expect(received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('answers a client that sends promptly, then closes its idle kept-alive connection', async () => {
    const { socket, received, closed } = open(port);
    socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n');
    await closed;
    expect(received()).toMatch(/^HTTP\/1\.1 200 /);
    expect(received()).toContain('{"status":"ok","database":"sqlite"}');
  });
});
