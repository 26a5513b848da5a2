// `node scripts/measureStartup.mjs [runs]`: how long the built server takes from `node` to a healthy
// /api/health, on a new data directory (migrations run) and on one already in use; the same from the
// TypeScript sources through tsx, for comparison. Builds the server first when it is stale.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServer, serverIsStale, serverMain } from './buildProduct.mjs';

const runs = Number(process.argv[2] ?? 5);
const root = new URL('..', import.meta.url).pathname;

if (serverIsStale()) await buildServer();

/** Milliseconds from spawning the server to its first healthy answer; then it is stopped. */
async function startUntilHealthy(args, dataDir) {
  const started = performance.now();
  const server = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise((resolve, reject) => {
    let log = '';
    server.stdout.setEncoding('utf8').on('data', (chunk) => {
      log += chunk;
      const listening = log.match(/Server listening at (http:\/\/[^\s"]+)/);
      if (listening) resolve(listening[1]);
    });
    server.once('exit', (code) => reject(new Error(`the server exited with ${code}:\n${log}`)));
  });
  for (;;) {
    const res = await fetch(`${url}/api/health`).catch(() => undefined);
    if (res?.ok && (await res.json()).status === 'ok') break;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const elapsed = performance.now() - started;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
  return elapsed;
}

const median = (values) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)];
const ways = {
  'built (node apps/server/dist/main.js)': ['--enable-source-maps', serverMain],
  'sources (node --import tsx)': ['--import', 'tsx', join(root, 'apps/server/src/main.ts')],
};
for (const [way, args] of Object.entries(ways)) {
  const used = mkdtempSync(join(tmpdir(), 'sandbox-startup-'));
  const fresh = [];
  const again = [];
  for (let run = 0; run < runs; run++) {
    const empty = mkdtempSync(join(tmpdir(), 'sandbox-startup-'));
    fresh.push(await startUntilHealthy(args, empty));
    rmSync(empty, { recursive: true, force: true });
    again.push(await startUntilHealthy(args, used));
  }
  rmSync(used, { recursive: true, force: true });
  const figures = (values) =>
    `median ${median(values).toFixed(0)} ms, max ${Math.max(...values).toFixed(0)} ms`;
  console.log(`${way}: new data directory ${figures(fresh)}; data directory in use ${figures(again)}`);
}
