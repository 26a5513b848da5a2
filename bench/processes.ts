import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
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

/** CPU time a process and its children have used so far, in seconds (Linux, user + system). */
export function cpuSeconds(pid: number): number {
  let ticks = 0;
  for (const p of [pid, ...childrenOf(pid)]) {
    try {
      // the fields after the command name, which may itself hold spaces
      const fields = readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1].split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // the process is gone
    }
  }
  return ticks / 100;
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
