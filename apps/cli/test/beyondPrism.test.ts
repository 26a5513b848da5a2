import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { folderWith, PETSTORE } from './petstoreDocument.js';
import { type Running, startProgram, waitForOutput } from './runProgram.js';

// What api-sandbox mock does beyond Prism, each through the real program over HTTP.

let running: Running | undefined;
afterEach(() => {
  running?.child.kill('SIGKILL');
  running = undefined;
});

const postPet = (address: string, pet: unknown) =>
  fetch(`${address}/pets`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(pet),
  });

const stop = async (program: Running) => {
  program.child.kill('SIGTERM');
  return program.exited;
};

describe('api-sandbox mock beyond Prism', () => {
  it('--stateful keeps what a POST stores: GET returns it', async () => {
    const dir = folderWith({ 'petstore.yaml': PETSTORE });
    running = await startProgram(['mock', '-p', '0', '--stateful', join(dir, 'petstore.yaml')]);
    const created = await postPet(running.address, { id: 41, name: 'Kit' });
    expect([created.status, await created.json()]).toEqual([201, { id: 41, name: 'Kit' }]);
    const read = await fetch(`${running.address}/pets/41`);
    expect(await read.json()).toEqual({ id: 41, name: 'Kit' });
    expect(await (await fetch(`${running.address}/pets`)).json()).toEqual([{ id: 41, name: 'Kit' }]);
  });

  it('--data starts the records from a file', async () => {
    const dir = folderWith({
      'petstore.yaml': PETSTORE,
      'records.json': JSON.stringify({ '/pets': [{ id: 7, name: 'Seven' }] }),
    });
    running = await startProgram([
      'mock',
      '-p',
      '0',
      '--data',
      join(dir, 'records.json'),
      join(dir, 'petstore.yaml'),
    ]);
    expect(await (await fetch(`${running.address}/pets/7`)).json()).toEqual({ id: 7, name: 'Seven' });
    await postPet(running.address, { id: 8, name: 'Eight' });
    const listed = await (await fetch(`${running.address}/pets`)).json();
    expect(listed).toEqual([
      { id: 7, name: 'Seven' },
      { id: 8, name: 'Eight' },
    ]);
  });

  it('--watch reloads the changed document, and keeps the last good one through a broken edit', async () => {
    const dir = folderWith({ 'petstore.yaml': PETSTORE });
    const document = join(dir, 'petstore.yaml');
    running = await startProgram(['mock', '-p', '0', document]);
    writeFileSync(document, PETSTORE.replace('paths:', 'paths: {'));
    await waitForOutput(running, /warning .*did not reload/);
    expect(await (await fetch(`${running.address}/pets`)).json()).toEqual([{ id: 1, name: 'Rex' }]);

    writeFileSync(
      document,
      PETSTORE.replace('example: [{ id: 1, name: Rex }]', 'example: [{ id: 9, name: Nine }]'),
    );
    await waitForOutput(running, /Reloaded/);
    expect(await (await fetch(`${running.address}/pets`)).json()).toEqual([{ id: 9, name: 'Nine' }]);
  });

  it('--mount serves other documents under their prefixes', async () => {
    const billing = PETSTORE.replaceAll('/pets', '/invoices');
    const dir = folderWith({ 'petstore.yaml': PETSTORE, 'billing.yaml': billing });
    running = await startProgram([
      'mock',
      '-p',
      '0',
      '--mount',
      `/billing=${join(dir, 'billing.yaml')}`,
      join(dir, 'petstore.yaml'),
    ]);
    expect(running.output()).toMatch(/GET\s+http:\S+\/billing\/invoices\n/);
    expect((await fetch(`${running.address}/billing/invoices`)).status).toBe(200);
    expect((await fetch(`${running.address}/pets`)).status).toBe(200);
    expect((await fetch(`${running.address}/invoices`)).status).toBe(404);
  });

  it('--log-format json prints each call as JSON, and --log-file appends it as a JSON line', async () => {
    const dir = folderWith({ 'petstore.yaml': PETSTORE });
    const file = join(dir, 'calls.jsonl');
    running = await startProgram([
      'mock',
      '-p',
      '0',
      '--log-format',
      'json',
      '--log-file',
      file,
      join(dir, 'petstore.yaml'),
    ]);
    await fetch(`${running.address}/pets`);
    await postPet(running.address, { id: 'x' });
    await waitForOutput(running, /"status":422/);
    const logged = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(logged.map((call) => [call.method, call.url, call.status])).toEqual([
      ['GET', '/pets', 200],
      ['POST', '/pets', 422],
    ]);
    expect(logged[1].violations).toContainEqual(
      expect.objectContaining({ location: ['request', 'body', 'id'], code: 'type' }),
    );
  });

  it('--fail-on request exits 1 with a summary once a request broke the document; --report writes JUnit', async () => {
    const dir = folderWith({ 'petstore.yaml': PETSTORE });
    const report = join(dir, 'junit.xml');
    running = await startProgram([
      'mock',
      '-p',
      '0',
      '--fail-on',
      'request',
      '--report',
      report,
      join(dir, 'petstore.yaml'),
    ]);
    await fetch(`${running.address}/pets`);
    await postPet(running.address, { name: 7 });
    expect(await stop(running)).toBe(1);
    expect(running.output()).toContain(
      '2 calls answered: 1 with request violations, 0 with response violations',
    );
    expect(running.output()).toMatch(
      /POST \/pets request\.body\.id: must have required property|POST \/pets request\.body/,
    );
    const junit = readFileSync(report, 'utf8');
    expect(junit).toContain('<testsuite name="api-sandbox mock" tests="2" failures="1"');
    expect(junit).toContain('<testcase classname="api-sandbox" name="POST /pets → 422"');
  });

  it('a burst of calls stopped at once: every call has its line, and the summary comes after them', async () => {
    const dir = folderWith({ 'petstore.yaml': PETSTORE });
    const program = await startProgram([
      'mock',
      '-p',
      '0',
      '--fail-on',
      'request',
      join(dir, 'petstore.yaml'),
    ]);
    running = program;
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        i % 2 ? fetch(`${program.address}/pets`) : postPet(program.address, { name: 7 }),
      ),
    );
    expect(await stop(program)).toBe(1);
    const output = program.output();
    const callLines = output.split('\n').filter((line) => line.startsWith('[HTTP SERVER]'));
    expect(callLines).toHaveLength(40);
    const summary = output.indexOf('40 calls answered: 20 with request violations');
    expect(summary).toBeGreaterThan(output.lastIndexOf('[HTTP SERVER]'));
  });

  it('--fail-on any exits 0 when every call kept to the document', async () => {
    const dir = folderWith({ 'petstore.yaml': PETSTORE });
    running = await startProgram(['mock', '-p', '0', '--fail-on', 'any', join(dir, 'petstore.yaml')]);
    await fetch(`${running.address}/pets`);
    expect(await stop(running)).toBe(0);
  });
});
