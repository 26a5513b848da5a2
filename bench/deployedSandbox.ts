// The product started as in production, in its own process, with one user and the fixture pet store
// imported and deployed: what both the throughput and the flood benchmarks load.
import type { ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ApiMaster } from '@sandbox/contracts';
import { buildServer, serverIsStale, serverMain } from '../scripts/buildProduct.mjs';
import { fixtureDocument } from './fixture.js';
import { freePort, startProcess, waitFor } from './processes.js';

const json = { 'content-type': 'application/json' };

export interface DeployedSandbox {
  child: ChildProcess;
  /** The server's own address, e.g. for /api/health. */
  url: string;
  /** The deployed pet store's sandbox address. */
  base: string;
  /** The signed-in bench user's session. */
  auth: { authorization: string };
}

interface ProductOptions {
  dataDir: string;
  env?: Record<string, string>;
  nodeFlags?: string[];
  /** The cores the process may run on (taskset's list); the bench's placement when unset. */
  cores?: string;
}

/**
 * The product in a process of its own, run as `npm start` runs it (the server's bundle, built first
 * when a source is newer), once `/api/health` answers.
 */
export async function startProduct(options: ProductOptions): Promise<{ child: ChildProcess; url: string }> {
  if (serverIsStale()) await buildServer();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = startProcess(
    process.execPath,
    [...(options.nodeFlags ?? []), '--enable-source-maps', serverMain],
    {
      PORT: String(port),
      DATA_DIR: options.dataDir,
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      ...options.env,
    },
    options.cores,
  );
  await waitFor(`${url}/api/health`);
  return { child, url };
}

/** The first mail the product wrote to its outbox directory: written just after the answer, not before. */
async function firstMail(outbox: string): Promise<string> {
  for (let waited = 0; waited < 10_000; waited += 50) {
    const [name] = existsSync(outbox) ? readdirSync(outbox) : [];
    if (name) return readFileSync(join(outbox, name), 'utf8');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`No mail in ${outbox} after 10 s`);
}

export async function startDeployedSandbox(options: ProductOptions): Promise<DeployedSandbox> {
  const { child, url } = await startProduct(options);
  const user = {
    firstName: 'Bench',
    lastName: 'Mark',
    emailAddress: 'bench@example.com',
    username: 'bench',
    password: 'Bench!pass1',
    isNewsLatterSubscribed: false,
  };
  const registered = await fetch(`${url}/api/v1/auth/register`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify(user),
  });
  if (!registered.ok) throw new Error(`Sign-up answered ${registered.status}: ${await registered.text()}`);
  const mail = (await firstMail(join(options.dataDir, 'outbox'))).replace(/=\r?\n/g, '');
  const link = /\/verification\/([\w-]+)\/false\/(\d+)/.exec(mail);
  await fetch(`${url}/api/v1/auth/verification/${link?.[1]}/false/${link?.[2]}`, { method: 'POST' });
  const { jwt } = (await (
    await fetch(`${url}/api/v1/auth/authenticate`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ username: user.username, password: user.password }),
    })
  ).json()) as { jwt: string };
  const auth = { authorization: `Bearer ${jwt}` };
  const form = new FormData();
  const fields = {
    apiName: 'Bench pets',
    apiDescription: 'Benchmark',
    apiVersion: '1.0',
    isAuthRequired: 'false',
  };
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('multipartFile', new Blob([JSON.stringify(fixtureDocument)]), 'pets.json');
  const api = (await (
    await fetch(`${url}/api/api-config-master/swagger/upload`, { method: 'POST', headers: auth, body: form })
  ).json()) as ApiMaster;
  const publish = await fetch(`${url}/api/api-publish/${api.id}/publish`, { headers: auth });
  const base = ((await publish.json()) as ApiMaster).apiBaseUrl as string;
  return { child, url, base, auth };
}
