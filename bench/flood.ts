// The flood: what anonymous callers can make the server hold. 200 concurrent 1 MB POSTs to a deployed
// API, then (once more POSTs, one at a time, have filled the API to its limit) 3 concurrent GETs of
// the list, against a fresh server in its own process with default settings. Reports the server's
// peak resident memory and the slowest /api/health answer during each.
import { readFileSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { startDeployedSandbox } from './deployedSandbox.js';
import { newPet } from './fixture.js';
import { rssMb, stop } from './processes.js';

const POSTS = 200;
const BODY_BYTES = 1_000_000;
const LISTS = 3;
const TARGET_RSS_MB = 400;
const TARGET_HEALTH_MS = 500;

/** The kernel's high-water mark of the process's resident memory, in MB. */
function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

/** Starts a new high-water mark (Linux: writing 5 to clear_refs resets VmHWM to the current RSS). */
function resetPeak(pid: number): void {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

interface Answer {
  status: number | 'error';
  bytes: number;
}

function send(url: string, agent: Agent, method: string, body?: Buffer): Promise<Answer> {
  return new Promise((resolve) => {
    const req = request(url, {
      method,
      agent,
      headers: body ? { 'content-type': 'application/json', 'content-length': body.length } : {},
    });
    req.on('response', (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes }));
      res.on('error', () => resolve({ status: 'error', bytes }));
    });
    // a server that refuses a body may close the connection before it is all sent
    req.on('error', () => resolve({ status: 'error', bytes: 0 }));
    req.end(body);
  });
}

/** Asks /api/health one request at a time until `done` settles: the slowest answer in ms, and failures. */
async function worstHealth(url: string, done: Promise<unknown>): Promise<{ worst: number; failed: number }> {
  let finished = false;
  void done.finally(() => {
    finished = true;
  });
  let worst = 0;
  let failed = 0;
  while (!finished) {
    const started = performance.now();
    try {
      const res = await fetch(`${url}/api/health`);
      await res.arrayBuffer();
      if (!res.ok) failed++;
    } catch {
      failed++;
    }
    worst = Math.max(worst, performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return { worst, failed };
}

/** Resident memory sampled every 10 ms until `done` settles, as a check on the kernel's figure. */
async function sampledPeak(pid: number, done: Promise<unknown>): Promise<number> {
  let finished = false;
  void done.finally(() => {
    finished = true;
  });
  let peak = 0;
  while (!finished) {
    peak = Math.max(peak, rssMb(pid));
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return peak;
}

const healthOf = ({ worst, failed }: { worst: number; failed: number }) =>
  `${worst.toFixed(0)} ms${failed ? `, ${failed} failed` : ''}`;

const countOf = (answers: Answer[]) => {
  const counts = new Map<string, number>();
  for (const { status } of answers) counts.set(String(status), (counts.get(String(status)) ?? 0) + 1);
  return [...counts].map(([status, n]) => `${n}× ${status}`).join(', ');
};

async function measure(pid: number, url: string, run: () => Promise<Answer[]>) {
  resetPeak(pid);
  const before = rssMb(pid);
  const started = performance.now();
  const answers = run();
  const [health, sampled] = await Promise.all([worstHealth(url, answers), sampledPeak(pid, answers)]);
  return {
    answers: await answers,
    seconds: (performance.now() - started) / 1000,
    before,
    peak: Math.max(peakRssMb(pid), sampled),
    health,
  };
}

export async function measureFlood(dataDir: string, nodeFlags: string[] = []): Promise<void> {
  const server = await startDeployedSandbox({ dataDir, nodeFlags });
  const pid = server.child.pid as number;
  const agent = new Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
  const padding = 'x'.repeat(BODY_BYTES - JSON.stringify({ ...newPet, notes: '' }).length);
  // encoded once: the client's own work must not slow the /api/health probe it times
  const body = Buffer.from(JSON.stringify({ ...newPet, notes: padding }));
  try {
    const burst = await measure(pid, server.url, () =>
      Promise.all(Array.from({ length: POSTS }, () => send(`${server.base}/pets`, agent, 'POST', body))),
    );
    // one at a time, until the API is full: the lists then hold all it may store
    const topUp: Answer[] = [];
    while (topUp.length < POSTS && topUp.at(-1)?.status !== 507)
      topUp.push(await send(`${server.base}/pets`, agent, 'POST', body));
    const lists = await measure(pid, server.url, () =>
      Promise.all(Array.from({ length: LISTS }, () => send(`${server.base}/pets`, agent, 'GET'))),
    );
    const largest = Math.max(...lists.answers.map((a) => a.bytes));
    console.log(
      `\nflood: ${POSTS} concurrent POSTs of ${BODY_BYTES / 1e6} MB, then ${LISTS} concurrent GETs of the list`,
    );
    console.log(
      `burst  ${burst.seconds.toFixed(1)} s: ${countOf(burst.answers)}; RSS ${burst.before} → peak ${burst.peak} MB` +
        ` (target under ${TARGET_RSS_MB}); slowest /api/health ${healthOf(burst.health)} (target under ${TARGET_HEALTH_MS} ms)`,
    );
    console.log(`top-up one at a time: ${countOf(topUp)}`);
    console.log(
      `lists  ${lists.seconds.toFixed(1)} s: ${countOf(lists.answers)}, largest ${(largest / 1e6).toFixed(1)} MB;` +
        ` RSS ${lists.before} → peak ${lists.peak} MB; slowest /api/health ${healthOf(lists.health)}`,
    );
  } finally {
    agent.destroy();
    await stop(server.child);
  }
}
