import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compareAnswer, parseHttpText } from './compareAnswer.js';
import { type HarnessCase, readCases } from './harnessCase.js';
import { startHttpbin } from './httpbinStandIn.js';

// Runs Prism's harness cases against `api-sandbox` in Prism's place: one program per case started
// with the case's `====server====` arguments, the case's curl run against it, the answer judged as
// Prism's runner judges it (compareAnswer.ts). Cases run a few at a time, each on a port of its own.

export const PROGRAM = new URL('../../bin/api-sandbox.mjs', import.meta.url).pathname;
const WAIT_FOR_LINE = /is listening on (http:\/\/\S+)/;
const START_TIMEOUT_MS = Number(process.env.HARNESS_START_TIMEOUT_MS ?? 10_000);
const CURL_TIMEOUT_MS = 20_000;

export interface CaseResult {
  file: string;
  folder: string;
  /** A case of a command other than `mock` and `proxy` is not run. */
  outcome: 'agrees' | 'differs' | 'not-run';
  differences: string[];
}

/**
 * The command run in Prism's place: api-sandbox, unless HARNESS_PROGRAM names another (Prism itself,
 * `node_modules/.bin/prism`, to see which cases Prism's own answers meet).
 */
const command = (): [string, string[]] =>
  process.env.HARNESS_PROGRAM ? [process.env.HARNESS_PROGRAM, []] : [process.execPath, [PROGRAM]];

/** Starts the program; resolves with its address once it says it is listening. */
function start(args: string[]): Promise<{ child: ChildProcess; address: string }> {
  return new Promise((resolve, reject) => {
    const [program, before] = command();
    const child = spawn(program, [...before, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`no "is listening on" line in ${START_TIMEOUT_MS} ms: ${output.slice(-300)}`));
    }, START_TIMEOUT_MS);
    const read = (chunk: Buffer) => {
      output += chunk;
      const listening = WAIT_FOR_LINE.exec(output);
      if (listening) {
        clearTimeout(timer);
        resolve({ child, address: listening[1] });
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk;
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before listening: ${output.slice(-300)}`));
    });
  });
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** The case's curl, through a shell as Prism's runner runs it: what it printed, and its exit code. */
function curl(command: string): Promise<{ output: string; errors: string; code: number | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', command], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let errors = '';
    const timer = setTimeout(() => child.kill(), CURL_TIMEOUT_MS);
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk;
    });
    child.on('error', reject);
    // 'close', not 'exit': curl may have exited before all it printed has been read from its pipe
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ output, errors, code });
    });
  });
}

/**
 * `httpbin`: where the local stand-in for httpbin.org listens; a `proxy` case's upstream
 * (http://httpbin.org) is pointed there.
 */
export async function runCase(harnessCase: HarnessCase, dir: string, httpbin: string): Promise<CaseResult> {
  const { file, folder } = harnessCase;
  const [command, ...rest] = harnessCase.server.split(/ +/);
  if (command !== 'mock' && command !== 'proxy')
    return { file, folder, outcome: 'not-run', differences: [`${command} is not run`] };
  // Prism's runner writes every document with a .yml name, whatever it holds
  const document = join(dir, `${file.replaceAll('/', '_')}.yml`);
  writeFileSync(document, harnessCase.spec);
  // each case on a free port of its own (the cases name 4010), so that several run at once
  const args = [
    command,
    ...rest.map((a) =>
      a.replace(/\$\{document\}/, document).replace(/^https?:\/\/httpbin\.org\/?$/, httpbin),
    ),
  ];
  const port = args.indexOf('-p');
  if (port >= 0) args[port + 1] = '0';
  let started: Awaited<ReturnType<typeof start>>;
  try {
    started = await start(args);
  } catch (error) {
    return { file, folder, outcome: 'differs', differences: [(error as Error).message] };
  }
  try {
    const { port: bound } = new URL(started.address);
    const command = harnessCase.command.replace(/(localhost|127\.0\.0\.1):4010/g, `127.0.0.1:${bound}`);
    let called = await curl(command);
    // a curl that got no answer at all on a loaded machine (a timeout, a reset) is tried once more;
    // one that prints nothing again is a difference like any other
    if (called.output === '' && called.code !== 0) called = await curl(command);
    const expected = (harnessCase.expect ?? harnessCase.expectLoose ?? '').trim();
    const mode = harnessCase.expect !== undefined ? 'expect' : 'loose';
    const differences = compareAnswer(parseHttpText(called.output), parseHttpText(expected), mode);
    if (called.output === '')
      differences.push(`curl printed nothing (exit ${called.code}): ${called.errors.trim()}`);
    return { file, folder, outcome: differences.length === 0 ? 'agrees' : 'differs', differences };
  } finally {
    await stop(started.child);
  }
}

/** Runs every case under `specs` (or those `only` names), `parallel` at a time. */
export async function runHarness(
  specs: string,
  { parallel = 3, only }: { parallel?: number; only?: string[] } = {},
): Promise<CaseResult[]> {
  const cases = readCases(specs).filter((c) => !only || only.some((name) => c.file.includes(name)));
  const dir = mkdtempSync(join(tmpdir(), 'prism-harness-'));
  const httpbin = await startHttpbin();
  const results: CaseResult[] = new Array(cases.length);
  let next = 0;
  const worker = async () => {
    while (next < cases.length) {
      const at = next++;
      results[at] = await runCase(cases[at], dir, httpbin.url);
    }
  };
  try {
    await Promise.all(Array.from({ length: parallel }, worker));
  } finally {
    httpbin.server.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return results;
}

export interface Agreement {
  folder: string;
  agree: number;
  run: number;
  notRun: number;
}

/** Per folder, then `total`: how many cases run agree with Prism. */
export function agreementOf(results: CaseResult[]): Agreement[] {
  const byFolder = new Map<string, Agreement>();
  const total: Agreement = { folder: 'total', agree: 0, run: 0, notRun: 0 };
  for (const r of results) {
    const row = byFolder.get(r.folder) ?? { folder: r.folder, agree: 0, run: 0, notRun: 0 };
    byFolder.set(r.folder, row);
    for (const counted of [row, total]) {
      if (r.outcome === 'not-run') counted.notRun++;
      else counted.run++;
      if (r.outcome === 'agrees') counted.agree++;
    }
  }
  return [...byFolder.values(), total];
}
