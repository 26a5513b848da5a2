// The product started as in production, in its own process, with one user and the fixture pet store
// imported and deployed: what both the throughput and the flood benchmarks load.
import type { ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ApiMaster } from '@sandbox/contracts';
import { fixtureDocument } from './fixture.js';
import { freePort, startProcess, waitFor } from './processes.js';

const root = new URL('..', import.meta.url).pathname;
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

export async function startDeployedSandbox(options: {
  dataDir: string;
  env?: Record<string, string>;
  nodeFlags?: string[];
}): Promise<DeployedSandbox> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = startProcess(
    process.execPath,
    [...(options.nodeFlags ?? []), '--import', 'tsx', join(root, 'apps/server/src/main.ts')],
    {
      PORT: String(port),
      DATA_DIR: options.dataDir,
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      ...options.env,
    },
  );
  await waitFor(`${url}/api/health`);
  const user = {
    firstName: 'Bench',
    lastName: 'Mark',
    emailAddress: 'bench@example.com',
    username: 'bench',
    password: 'Bench!pass1',
    isNewsLatterSubscribed: false,
  };
  await fetch(`${url}/api/v1/auth/register`, { method: 'POST', headers: json, body: JSON.stringify(user) });
  const outbox = join(options.dataDir, 'outbox');
  const mail = readFileSync(join(outbox, readdirSync(outbox)[0] as string), 'utf8').replace(/=\r?\n/g, '');
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
