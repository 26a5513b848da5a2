// The server as `npm start` runs it: bundled by esbuild, run by plain node, nothing of TypeScript left.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apisPaths, authPaths } from '@sandbox/contracts';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../../scripts/buildProduct.mjs';
import { aRegistration } from '../test/support/testApp.js';

// one folder below apps/server, as dist is: the bundle finds the web app and its worker from there
const outdir = mkdtempSync(join(import.meta.dirname, '../.build-test-'));
const dataDir = mkdtempSync(join(tmpdir(), 'sandbox-built-'));
let server: ChildProcess;
let url: string;

beforeAll(async () => {
  await buildServer(outdir);
  server = spawn(process.execPath, [join(outdir, 'main.js')], {
    env: { ...process.env, PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  url = await listeningAddress(server);
});

afterAll(() => {
  if (server?.exitCode === null) server.kill('SIGKILL');
  rmSync(outdir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

/** The address fastify logs once it listens (PORT=0: a free port the system chose). */
function listeningAddress(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let log = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      log += chunk;
      const listening = log.match(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/);
      if (listening) resolve(listening[1]);
    });
    child.once('exit', (code) => reject(new Error(`the built server exited with ${code}:\n${log}`)));
  });
}

async function lastLinkMailedTo(email: string): Promise<string> {
  const dir = join(dataDir, 'outbox');
  for (const file of readdirSync(dir).sort().reverse()) {
    const mail = await simpleParser(readFileSync(join(dir, file)));
    const to = mail.to ? [mail.to].flat()[0].text : '';
    const link = mail.text?.match(/https?:\/\/\S+\/verification\/\S+/)?.[0];
    if (to === email && link) return link;
  }
  throw new Error(`no verification link mailed to ${email}`);
}

async function signedUpSession(): Promise<string> {
  const registration = aRegistration();
  const post = (path: string, body?: unknown) =>
    fetch(`${url}${path}`, {
      method: 'POST',
      headers: body ? { 'Content-Type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
  expect((await post(authPaths.register, registration)).status).toBe(201);
  const link = new URL(await lastLinkMailedTo(registration.emailAddress));
  expect((await post(`/api/v1/auth${link.pathname}`)).ok).toBe(true);
  const signedIn = await post(authPaths.authenticate, {
    username: registration.username,
    password: registration.password,
  });
  return ((await signedIn.json()) as { jwt: string }).jwt;
}

describe('the built server', () => {
  it('answers healthy on an empty data directory', async () => {
    const res = await fetch(`${url}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok', database: 'sqlite' });
  });

  it('reads an uploaded document on its import worker, built beside it', async () => {
    const form = new FormData();
    form.append('apiName', 'Orders');
    form.append('apiDescription', 'Orders API');
    form.append('apiVersion', '1.0');
    form.append('isAuthRequired', 'false');
    const document =
      'openapi: 3.0.3\ninfo: { title: Orders, version: 1.0.0 }\npaths:\n  /orders:\n    get:\n      responses: { "200": { description: OK } }\n';
    form.append('multipartFile', new Blob([document]), 'orders.yaml');
    const res = await fetch(`${url}${apisPaths.upload}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${await signedUpSession()}` },
      body: form,
    });
    expect(res.status, await res.clone().text()).toBe(201);
    expect(await res.json()).toMatchObject({ apiMasterName: 'Orders' });
  });

  it('drains and exits with 0 on SIGTERM', async () => {
    const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
