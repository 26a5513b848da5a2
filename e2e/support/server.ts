import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { serverIsStale, serverMain } from '../../scripts/buildProduct.mjs';

const root = new URL('../..', import.meta.url).pathname;

export interface RunningProduct {
  url: string;
  dataDir: string;
  /** Mails written to the outbox, oldest first. */
  outbox(): Promise<{ to: string; subject: string; text: string; links: string[] }[]>;
  /** What the server wrote to its standard output so far (its log, one JSON line per entry). */
  log(): string;
  stop(): Promise<void>;
  /** Ends the process at once (SIGKILL), as a crash or an out-of-memory kill would. */
  kill(): Promise<void>;
}

/**
 * Ports for the products this test process starts. The server binds its port about a second after
 * it was chosen, so a port the kernel handed out free (`listen(0)`) could be handed to another test
 * process in between; two servers then race for one port, and the one that loses exits while the
 * other answers both files' tests. Each Vitest worker takes its own block below the kernel's
 * ephemeral range (32768 and up), which neither `listen(0)` nor an outgoing connection uses, and
 * never hands out one of its ports twice.
 */
const PORTS_PER_WORKER = 400;
const firstPort = 20_000 + (Number(process.env.VITEST_POOL_ID ?? 0) % 30) * PORTS_PER_WORKER;
let portsHandedOut = 0;

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

async function freePort(): Promise<number> {
  while (portsHandedOut < PORTS_PER_WORKER) {
    const port = firstPort + portsHandedOut++;
    if (await isFree(port)) return port;
  }
  throw new Error(`this test process has used all of its ${PORTS_PER_WORKER} ports`);
}

/**
 * How the server is run: the bundle `npm run build` made, as `npm start` runs it (what ships, and it
 * starts without compiling TypeScript on the way), unless a source changed since it was built; then
 * the sources themselves through tsx, so that a journey never tests older code than the tree holds.
 */
function serverCommand(): string[] {
  if (!serverIsStale()) return ['--enable-source-maps', serverMain];
  return ['--import', 'tsx', join(root, 'apps/server/src/main.ts')];
}

/** Runs the built product as a user would, on a free port with an empty data directory. */
export async function startProduct(env: Record<string, string> = {}): Promise<RunningProduct> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'sandbox-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, serverCommand(), {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let log = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    log += chunk;
    process.stdout.write(chunk);
  });
  await waitForHealth(url, child);
  return {
    url,
    dataDir,
    log: () => log,
    async outbox() {
      const dir = join(dataDir, 'outbox');
      let files: string[] = [];
      try {
        files = readdirSync(dir).sort();
      } catch {
        return [];
      }
      return Promise.all(
        files.map(async (file) => {
          const mail = await simpleParser(readFileSync(join(dir, file)));
          const text = mail.text ?? '';
          const to = mail.to ? [mail.to].flat()[0].text : '';
          return { to, subject: mail.subject ?? '', text, links: text.match(/https?:\/\/\S+/g) ?? [] };
        }),
      );
    },
    async kill() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server did not answer /api/health within 30 s');
}

/** The last mail sent to an address, waiting briefly for it to arrive. */
export async function lastMailTo(product: RunningProduct, to: string) {
  for (let i = 0; i < 50; i++) {
    const mail = (await product.outbox()).filter((m) => m.to === to).at(-1);
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${to}`);
}
