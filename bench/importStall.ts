// The import stall: while a 10 MB, 2,000-operation document is imported into a running server (started
// as in production), how late do other teams' requests answer? Probes /api/health and a sandbox GET.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { ApiMaster } from '@sandbox/contracts';
import type { Dialect } from '../apps/server/src/db/connection.js';
import { createScratchDatabase, dialects } from '../apps/server/test/support/scratchDatabase.js';
import { generateLargeDocument } from '../packages/engine/test/support/import/generateDocument.js';
import { startDeployedSandbox } from './deployedSandbox.js';
import { stop } from './processes.js';

const OPERATIONS = 2000;
const DOCUMENT_BYTES = 9.9 * 1024 * 1024;
const IMPORTS = 3;
const PROBE_INTERVAL_MS = 5;
const TARGET_MS = 50;

/** 2,000 generated operations, each given a long description until the document is just under 10 MB. */
function tenMegabyteDocument(): string {
  const document = generateLargeDocument({ operations: OPERATIONS });
  const operations = Object.values(document.paths as Record<string, Record<string, object>>).flatMap((item) =>
    Object.entries(item)
      .filter(([key]) => key !== 'parameters')
      .map(([, operation]) => operation),
  );
  const describe = (description: string) => {
    for (const operation of operations) Object.assign(operation, { description });
  };
  describe('');
  const room = Math.floor((DOCUMENT_BYTES - JSON.stringify(document).length) / operations.length);
  const sentence = 'Explains at length what this operation does, for whom, and when. ';
  describe(sentence.repeat(Math.ceil(room / sentence.length)).slice(0, room));
  return JSON.stringify(document);
}

interface EncodedForm {
  body: Buffer;
  contentType: string;
}

/**
 * The import's multipart body, encoded before the probes start: encoding 10 MB would otherwise hold
 * this process's own event loop and be counted as the server's delay.
 */
async function importForm(name: string, document: string): Promise<EncodedForm> {
  const form = new FormData();
  const fields = { apiName: name, apiDescription: 'Bench', apiVersion: '1.0', isAuthRequired: 'false' };
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('multipartFile', new Blob([document]), 'generated.json');
  const request = new Request('http://form.local', { method: 'POST', body: form });
  return {
    body: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type') as string,
  };
}

/**
 * Sends the upload from a thread of its own: writing 10 MB to the socket holds the sending thread's
 * event loop for tens of ms, which the probes here would count as the server's delay.
 */
function upload(url: string, auth: Record<string, string>, form: EncodedForm): Promise<ApiMaster> {
  const sender = `
    const { parentPort, workerData: { url, headers, body } } = require('node:worker_threads');
    fetch(url, { method: 'POST', headers, body }).then(
      async (res) => parentPort.postMessage({ status: res.status, text: await res.text() }),
      (error) => parentPort.postMessage({ status: 0, text: String(error) }),
    );`;
  const body = new Uint8Array(form.body);
  const worker = new Worker(sender, {
    eval: true,
    workerData: {
      url: `${url}/api/api-config-master/swagger/upload`,
      headers: { ...auth, 'content-type': form.contentType },
      body,
    },
    transferList: [body.buffer],
  });
  return new Promise((resolve, reject) => {
    worker.once('error', reject);
    worker.once('message', ({ status, text }: { status: number; text: string }) => {
      void worker.terminate();
      if (status === 201) resolve(JSON.parse(text) as ApiMaster);
      else reject(new Error(`import answered ${status}: ${text.slice(0, 200)}`));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Asks `urls` in turn, one at a time, until `done` settles; returns each answer's latency. */
async function probe(urls: string[], done: Promise<unknown>): Promise<number[]> {
  let finished = false;
  void done.finally(() => {
    finished = true;
  });
  const latencies: number[] = [];
  for (let i = 0; !finished; i++) {
    const started = performance.now();
    const res = await fetch(urls[i % urls.length] as string);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`probe answered ${res.status}`);
    latencies.push(performance.now() - started);
    await sleep(PROBE_INTERVAL_MS);
  }
  return latencies;
}

export async function measureImportStall(): Promise<void> {
  const text = tenMegabyteDocument();
  console.log(
    `\nimport stall: ${OPERATIONS} operations, ${(Buffer.byteLength(text) / 1024 / 1024).toFixed(1)} MB of JSON; ` +
      `/api/health and a sandbox GET asked one at a time every ${PROBE_INTERVAL_MS} ms during each import`,
  );
  for (const dialect of dialects) await measureOn(dialect, text);
}

async function measureOn(dialect: Dialect, text: string): Promise<void> {
  const scratch = dialect === 'postgres' ? await createScratchDatabase() : undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'sandbox-stall-'));
  const { child, url, base, auth } = await startDeployedSandbox({
    dataDir,
    env: scratch ? { DATABASE_URL: scratch.url } : {},
    nodeFlags: process.env.BENCH_SANDBOX_FLAGS?.split(' ').filter(Boolean),
  });
  try {
    // Warmed up first (the sandbox compiles the API on its first call), then the noise floor.
    await probe([`${url}/api/health`, `${base}/pets`], sleep(500));
    const quiet = (await probe([`${url}/api/health`, `${base}/pets`], sleep(1000))).sort((a, b) => a - b);
    console.log(
      `on ${dialect}: worst of ${quiet.length} probes without an import ${quiet.at(-1)?.toFixed(1)} ms`,
    );
    const worst: number[] = [];
    for (let run = 1; run <= IMPORTS; run++) {
      const form = await importForm(`Generated ${run}`, text);
      // a quiet moment first, so one import's tail does not count against the next
      await probe([`${url}/api/health`], sleep(200));
      const started = performance.now();
      const imported = upload(url, auth, form);
      const latencies = await probe([`${url}/api/health`, `${base}/pets`], imported);
      await imported;
      const sorted = latencies.sort((a, b) => a - b);
      worst.push(sorted.at(-1) ?? 0);
      console.log(
        `run ${run}: import ${(performance.now() - started).toFixed(0)} ms; ${sorted.length} probes, ` +
          `p50 ${sorted[Math.floor(sorted.length / 2)]?.toFixed(1)} ms, worst ${sorted.at(-1)?.toFixed(1)} ms`,
      );
    }
    const worstOfAll = Math.max(...worst);
    console.log(`worst probe latency during an import on ${dialect}: ${worstOfAll.toFixed(0)} ms`);
    console.log(`target under ${TARGET_MS} ms: ${worstOfAll < TARGET_MS ? 'met' : 'NOT met'}`);
  } finally {
    await stop(child);
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
