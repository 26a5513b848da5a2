// `npm run bench`: the sandbox and `api-sandbox mock` against Stoplight Prism, Mockoon CLI and a bare
// node:http server, all mocking one document on 127.0.0.1, each loaded in turn by autocannon (50
// connections, bounded time); then the command line's start-up (bench/cli.ts) and the latency
// `api-sandbox proxy` adds (bench/proxy.ts);
// then the flood (bench/flood.ts) against a fresh sandbox. The sandbox runs three times: as configured by
// default (its request log on), with REQUEST_LOG=off and with METRICS=on, so the costs of the log and of
// metrics are measured in the same run.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { CLI, measureCliStartUp } from './cli.js';
import { startDeployedSandbox } from './deployedSandbox.js';
import { fixtureDocument, newPet, scenarios } from './fixture.js';
import { measureFlood } from './flood.js';
import { measureImportStall } from './importStall.js';
import { cpuSeconds, freePort, rssMb, startProcess, stop, waitFor } from './processes.js';
import { measureProxyLatency } from './proxy.js';
import { measureScaleOut } from './scaleOut.js';

const root = new URL('..', import.meta.url).pathname;
const bin = (name: string) => join(root, 'node_modules/.bin', name);
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/**
 * `BENCH_ONLY=sandbox,sandbox/log-off,node:http` loads only those servers; `flood`, `import` and
 * `scale-out` in the list run the flood, the import stall and the PostgreSQL scale-out; `proxy` the
 * proxy's added latency.
 */
const ONLY = process.env.BENCH_ONLY?.split(',');
/** Extra flags for the sandbox's node, e.g. `--cpu-prof --cpu-prof-dir=/tmp/profile`. */
const SANDBOX_FLAGS = process.env.BENCH_SANDBOX_FLAGS?.split(' ').filter(Boolean) ?? [];
const work = mkdtempSync(join(tmpdir(), 'sandbox-bench-'));
const documentPath = join(work, 'pets.json');
writeFileSync(documentPath, JSON.stringify(fixtureDocument));

interface Target {
  name: string;
  child: ChildProcess;
  /** Base URL of the mocked API, and the id a GET by id asks for. */
  base: string;
  petId: string;
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  rss: number;
  /** The server's CPU time per answered request, in µs: steadier than req/s on a shared machine. */
  cpuUs: number;
}

async function startSandbox(name = 'sandbox', env: Record<string, string> = {}): Promise<Target> {
  const { child, base } = await startDeployedSandbox({
    dataDir: join(work, `data-${name.replace(/\W+/g, '-')}`),
    nodeFlags: SANDBOX_FLAGS,
    // The POST scenario stores a few hundred thousand records: it measures storing, not the limit.
    env: { SANDBOX_MAX_RECORDS: '100000000', SANDBOX_MAX_BYTES: '100gb', ...env },
  });
  const pet = (await (
    await fetch(`${base}/pets`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(newPet),
    })
  ).json()) as { id: string };
  return { name, child, base, petId: pet.id };
}

/** A command-line mock of the document, as a CI script starts one: `<program> mock <document> -p -h`. */
async function startMockCommand(name: string, program: string[], flags: string[] = []): Promise<Target> {
  const port = await freePort();
  const [command, ...args] = program;
  const child = startProcess(command, [
    ...args,
    'mock',
    documentPath,
    '-p',
    String(port),
    '-h',
    '127.0.0.1',
    ...flags,
  ]);
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/pets`);
  return { name, child, base, petId: 'p-1' };
}

const startPrism = () => startMockCommand('prism', [bin('prism')], ['--errors', 'false']);
/** The command-line mock, stateless as Prism is. */
const startCli = () => startMockCommand('api-sandbox', [process.execPath, CLI]);

async function startMockoon(): Promise<Target> {
  const port = await freePort();
  const child = startProcess(bin('mockoon-cli'), [
    'start',
    '--data',
    documentPath,
    '--port',
    String(port),
    '--hostname',
    '127.0.0.1',
    '--disable-log-to-file',
  ]);
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/pets`);
  return { name: 'mockoon', child, base, petId: 'p-1' };
}

async function startBare(): Promise<Target> {
  const port = await freePort();
  const body = JSON.stringify({ id: 'p-1', ...newPet });
  const script = `require('node:http').createServer((q,s)=>{q.resume();q.on('end',()=>{s.writeHead(q.method==='POST'?201:200,{'content-type':'application/json'});s.end(${JSON.stringify(body)})})}).listen(${port},'127.0.0.1')`;
  const child = startProcess(process.execPath, ['-e', script]);
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/pets`);
  return { name: 'node:http', child, base, petId: 'p-1' };
}

async function load(
  target: Target,
  request: ReturnType<(typeof scenarios)[number]['request']>,
): Promise<Figures> {
  const pid = target.child.pid as number;
  const cpuBefore = cpuSeconds(pid);
  const result = await autocannon({ ...request, connections: 50, duration: DURATION_S });
  return {
    cpuUs: Math.round(((cpuSeconds(pid) - cpuBefore) * 1e6) / result.requests.total),
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors,
    rss: rssMb(pid),
  };
}

// Every server runs at once and each scenario loads them in turn, round after round, so that a
// slower or faster minute of this shared machine falls on all of them alike; the median round counts.
const starts = {
  sandbox: () => startSandbox(),
  'sandbox/log-off': () => startSandbox('sandbox/log-off', { REQUEST_LOG: 'off' }),
  'sandbox/metrics': () => startSandbox('sandbox/metrics', { METRICS: 'on' }),
  prism: startPrism,
  'api-sandbox': startCli,
  mockoon: startMockoon,
  'node:http': startBare,
};
const targets: Target[] = [];
for (const [name, start] of Object.entries(starts)) {
  if (!ONLY || ONLY.includes(name)) targets.push(await start());
}
const results = new Map<string, Map<string, Figures>>(targets.map((t) => [t.name, new Map()]));
for (const scenario of scenarios) {
  const rounds = new Map<string, Figures[]>(targets.map((t) => [t.name, []]));
  for (const target of targets) {
    await autocannon({ ...scenario.request(target), connections: 10, duration: 2 }); // warm-up
  }
  for (let round = 0; round < ROUNDS; round++) {
    for (const target of targets) {
      const figures = await load(target, scenario.request(target));
      rounds.get(target.name)?.push(figures);
      console.error(`round ${round + 1}: ${target.name} ${scenario.name} ${figures.rps} req/s`);
    }
  }
  for (const [name, figures] of rounds) {
    const median = [...figures].sort((a, b) => a.rps - b.rps)[Math.floor(figures.length / 2)];
    results.get(name)?.set(scenario.name, median);
  }
}
for (const target of targets) await stop(target.child);

const pad = (s: string | number, n: number) => String(s).padStart(n);
console.log(`\n${DURATION_S} s per run, median of ${ROUNDS} rounds, 50 connections, 127.0.0.1\n`);
console.log(
  `${'server'.padEnd(16)}${'scenario'.padEnd(12)}${pad('req/s', 9)}${pad('p50 ms', 8)}${pad('p99 ms', 8)}${pad('CPU µs', 8)}${pad('RSS MB', 8)}${pad('non-2xx', 9)}`,
);
for (const [name, figures] of results) {
  for (const [scenario, f] of figures) {
    console.log(
      `${name.padEnd(16)}${scenario.padEnd(12)}${pad(f.rps, 9)}${pad(f.p50, 8)}${pad(f.p99, 8)}${pad(f.cpuUs, 8)}${pad(f.rss, 8)}${pad(f.non2xx, 9)}`,
    );
  }
}
console.log(
  '\nsandbox req/s against each peer (targets: 5× Prism, 2× Mockoon, 50 % of node:http; p99 under 10 ms)',
);
const ours = results.get('sandbox');
for (const scenario of ours ? scenarios.map((s) => s.name) : []) {
  const mine = ours?.get(scenario) as Figures;
  const ratio = (peer: string) => {
    const theirs = results.get(peer)?.get(scenario);
    return theirs ? mine.rps / theirs.rps : Number.NaN;
  };
  console.log(
    `${scenario.padEnd(12)} ×Prism ${ratio('prism').toFixed(2)}  ×Mockoon ${ratio('mockoon').toFixed(2)}  of node:http ${(ratio('node:http') * 100).toFixed(0)} %  p99 ${mine.p99} ms`,
  );
}

/** The sandbox with a setting on (`on`) against it off (`off`), in the same run. */
function compare(title: string, on: Map<string, Figures> | undefined, off: Map<string, Figures> | undefined) {
  if (!on || !off) return;
  console.log(`\n${title} on against off (req/s, CPU µs per request)`);
  for (const scenario of scenarios.map((s) => s.name)) {
    const [first, second] = [on.get(scenario) as Figures, off.get(scenario) as Figures];
    const change = (first.rps / second.rps - 1) * 100;
    console.log(
      `${scenario.padEnd(12)} ${first.rps} / ${second.rps} req/s (${change >= 0 ? '+' : ''}${change.toFixed(1)} %)  ${first.cpuUs} / ${second.cpuUs} µs`,
    );
  }
}
compare('the request log (target: at most 10 % fewer req/s)', ours, results.get('sandbox/log-off'));
compare('metrics (target: at most 5 % fewer req/s)', results.get('sandbox/metrics'), ours);

const cli = results.get('api-sandbox');
const prism = results.get('prism');
if (cli && prism) {
  console.log('\napi-sandbox mock against Prism (targets: 10× the req/s, at most half the resident memory)');
  for (const scenario of scenarios.map((s) => s.name)) {
    const [mine, theirs] = [cli.get(scenario) as Figures, prism.get(scenario) as Figures];
    console.log(
      `${scenario.padEnd(12)} ×Prism ${(mine.rps / theirs.rps).toFixed(2)}  RSS ${mine.rss} / ${theirs.rss} MB  p99 ${mine.p99} ms`,
    );
  }
}
if (!ONLY || ONLY.includes('api-sandbox')) await measureCliStartUp(documentPath);
if (!ONLY || ONLY.includes('proxy')) await measureProxyLatency();

if (!ONLY || ONLY.includes('flood')) await measureFlood(join(work, 'flood'));
if (!ONLY || ONLY.includes('import')) await measureImportStall();
if (!ONLY || ONLY.includes('scale-out')) await measureScaleOut(join(work, 'scale-out'), DURATION_S);
rmSync(work, { recursive: true, force: true });
