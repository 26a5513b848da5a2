import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { folderWith, PETSTORE } from './petstoreDocument.js';
import { type Running, runToExit, startProgram, waitForOutput } from './runProgram.js';

// What a CI script does with Prism, done with api-sandbox: start it in the background on a port,
// wait for "is listening on", call it, stop it with SIGTERM, and look at the exit code.

function petstoreFile(): string {
  return join(folderWith({ 'petstore.yaml': PETSTORE }), 'petstore.yaml');
}

/** A port free now: the CI script picks one and passes it with -p. */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

let running: Running | undefined;
afterEach(() => {
  running?.child.kill('SIGKILL');
  running = undefined;
});

describe('api-sandbox mock, as a CI script runs Prism', () => {
  it('lists the routes, listens on the port given, answers, and exits 0 on SIGTERM', async () => {
    const port = await freePort();
    running = await startProgram(['mock', '-p', String(port), petstoreFile()]);
    expect(running.address).toBe(`http://127.0.0.1:${port}`);
    expect(running.output()).toMatch(/GET\s+http:\/\/127\.0\.0\.1:\d+\/pets\n/);
    expect(running.output()).toContain(`Prism is listening on http://127.0.0.1:${port}`);

    const pets = await fetch(`${running.address}/pets`);
    expect(pets.status).toBe(200);
    expect(pets.headers.get('content-type')).toBe('application/json');
    expect(await pets.json()).toEqual([{ id: 1, name: 'Rex' }]);

    running.child.kill('SIGTERM');
    expect(await running.exited).toBe(0);
  });

  it("answers an invalid request with Prism's 422 and its sl-violations header", async () => {
    running = await startProgram(['mock', '-p', '0', petstoreFile()]);
    const answer = await fetch(`${running.address}/pets`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: 'seven' }),
    });
    expect(answer.status).toBe(422);
    const problem = (await answer.json()) as { type: string; validation: unknown[] };
    expect(problem.type).toBe('https://stoplight.io/prism/errors#UNPROCESSABLE_ENTITY');
    expect(problem.validation).toContainEqual({
      location: ['body', 'id'],
      severity: 'Error',
      code: 'type',
      message: 'Request body property id must be integer',
    });
    expect(JSON.parse(answer.headers.get('sl-violations') ?? '[]')).toHaveLength(2);
  });

  it('marks a deprecated operation, answers Prefer: code=, and refuses unknown routes as Prism does', async () => {
    running = await startProgram(['mock', '-p', '0', petstoreFile()]);
    const deprecated = await fetch(`${running.address}/pets/1`);
    expect(deprecated.headers.get('deprecation')).toBe('true');
    const missing = await fetch(`${running.address}/owners`);
    expect([missing.status, ((await missing.json()) as { type: string }).type]).toEqual([
      404,
      'https://stoplight.io/prism/errors#NO_PATH_MATCHED_ERROR',
    ]);
    const wrongMethod = await fetch(`${running.address}/pets/1`, { method: 'DELETE' });
    expect(wrongMethod.status).toBe(405);
    const created = await fetch(`${running.address}/pets?__code=201`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: 3, name: 'Kit' }),
    });
    // Prism is stateless: the declared example, not what was sent
    expect([created.status, await created.json()]).toEqual([201, { id: 2, name: 'Tom' }]);
  });

  it('logs each call at -v info, and only the calls that broke the document at -v warn', async () => {
    running = await startProgram(['mock', '-p', '0', petstoreFile()]);
    await fetch(`${running.address}/pets`);
    await waitForOutput(running, /\[HTTP SERVER\] GET \/pets → 200/);
    running.child.kill('SIGKILL');

    running = await startProgram(['mock', '-v', 'warn', '-p', '0', petstoreFile()]);
    expect(running.output()).not.toMatch(/GET\s+http/);
    await fetch(`${running.address}/pets`);
    await fetch(`${running.address}/pets/seven`);
    await waitForOutput(running, /\[HTTP SERVER\] GET \/pets\/seven → 422 \(.*\) {2}1 violation/);
    expect(running.output()).not.toContain('GET /pets → 200');
  });

  it('turns CORS off with --cors=false', async () => {
    running = await startProgram(['mock', '--cors=false', '-p', '0', petstoreFile()]);
    const answer = await fetch(`${running.address}/pets`, { headers: { origin: 'http://app.test' } });
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('stops with one line and exit code 1 when the port is taken, the document is missing or has no operations, or a flag is unknown', async () => {
    running = await startProgram(['mock', '-p', '0', petstoreFile()]);
    const { port } = new URL(running.address);
    const taken = await runToExit(['mock', '-p', port, petstoreFile()]);
    expect(taken.code).toBe(1);
    expect(taken.output).toContain(`Port ${port} is already in use`);
    const missing = await runToExit(['mock', '/no/such/openapi.yaml']);
    expect([missing.code, missing.output.trim().split('\n')]).toEqual([
      1,
      [expect.stringContaining('Cannot read')],
    ]);
    const empty = join(
      folderWith({ 'empty.yaml': "openapi: 3.0.3\ninfo: { title: Empty, version: '1' }\npaths: {}\n" }),
      'empty.yaml',
    );
    const nothing = await runToExit(['mock', empty]);
    expect([nothing.code, nothing.output.trim().split('\n')]).toEqual([
      1,
      [expect.stringContaining('No operations found in the current file.')],
    ]);
    const unknown = await runToExit(['mock', '--no-such-flag', petstoreFile()]);
    expect(unknown.code).toBe(1);
    expect(unknown.output).toContain('Usage: api-sandbox mock <document>');
  });
});
