import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism } from 'node:os';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * On a machine of two or more cores the load generator keeps the first core and every server the
 * second (Linux's taskset; `BENCH_PIN=off` leaves placement to the system). Left to the scheduler,
 * a server shared a core with autocannon in some runs and not in others: identical runs of one build
 * then differed by half, and whichever server was started first was measured fastest.
 */
const pinned =
  process.env.BENCH_PIN !== 'off' && availableParallelism() >= 2 && existsSync('/usr/bin/taskset');
if (pinned) execFileSync('/usr/bin/taskset', ['-p', '-c', '0', String(process.pid)], { stdio: 'ignore' });

/** `cores`: taskset's list of the cores the process may use, instead of the second core alone. */
export function startProcess(
  command: string,
  args: string[],
  env: Record<string, string> = {},
  cores = '1',
): ChildProcess {
  const [file, argv] = pinned ? ['/usr/bin/taskset', ['-c', cores, command, ...args]] : [command, args];
  return spawn(file, argv, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
}

export async function waitFor(url: string, init?: RequestInit, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url, init);
      if (res.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/** Resident memory of a process and its children, in MB (Linux). */
export function rssMb(pid: number): number {
  const pids = [pid, ...childrenOf(pid)];
  let kb = 0;
  for (const p of pids) {
    try {
      const status = readFileSync(`/proc/${p}/status`, 'utf8');
      kb += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    } catch {
      // the process is gone
    }
  }
  return Math.round(kb / 1024);
}

/**
 * One process's figures from /proc (Linux), the fields after its command name (which may hold spaces):
 * [1] the parent's pid, [11] [12] its own user and system ticks, [13] [14] those of its children it
 * has waited for since they exited.
 */
function statOf(pid: number): string[] | undefined {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  } catch {
    return undefined; // the process is gone
  }
}

const TICKS_PER_SECOND = 100;
const ownTicks = (fields: string[] | undefined) => (fields ? Number(fields[11]) + Number(fields[12]) : 0);

/** CPU time a process and its children have used so far, in seconds (Linux, user + system). */
export function cpuSeconds(pid: number): number {
  let ticks = 0;
  for (const p of [pid, ...childrenOf(pid)]) ticks += ownTicks(statOf(p));
  return ticks / TICKS_PER_SECOND;
}

/**
 * CPU time every process of this name has used so far, in seconds, those that ended included: each
 * running one's own, and what the ended children of the first of them (the parent of the others, as
 * PostgreSQL's postmaster is) used before they ended.
 */
export function cpuSecondsOfAll(name: string): number {
  const named = new Map<number, string[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== name) continue;
    } catch {
      continue;
    }
    const fields = statOf(Number(entry));
    if (fields) named.set(Number(entry), fields);
  }
  let ticks = 0;
  for (const fields of named.values()) {
    ticks += ownTicks(fields);
    if (!named.has(Number(fields[1]))) ticks += Number(fields[13]) + Number(fields[14]);
  }
  return ticks / TICKS_PER_SECOND;
}

function childrenOf(pid: number): number[] {
  try {
    const direct = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
    return direct.flatMap((c) => [c, ...childrenOf(c)]);
  } catch {
    return [];
  }
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}
