import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Mock, memoryRecords, mockDocument } from '@sandbox/engine';
import { sample } from '@stoplight/json-schema-sampler';
import type { MockFlags } from '../flags.js';
import { type AnsweredCall, createMockHandler, type Mounted } from './answerHttp.js';
import { asPrismReadsCollection } from './postmanInfo.js';
import { readDocument } from './readDocument.js';
import { cliLine, listeningLine, routeLine } from './routeLines.js';

/** Prism's own sampler, with the budget Prism gives it (prism-http's generateStatic). */
const staticSample = (schema: unknown, root: unknown) =>
  sample(schema as Parameters<typeof sample>[0], { ticks: 2500 }, root as object);

/** The engine's mock of one document, answering as Prism does, with the flags' choices. */
async function loadMock(location: string, flags: MockFlags): Promise<Mock> {
  const { text, fileName } = await readDocument(location);
  const mock = mockDocument(asPrismReadsCollection(text), {
    fileName,
    seed: flags.seed,
    dialect: 'prism',
    stateful: flags.stateful,
    dynamic: flags.dynamic,
    ignoreExamples: flags.ignoreExamples,
    errors: flags.errors,
    records: memoryRecords(),
    // without --dynamic, Prism answers a schema without examples with its static sample
    sample: flags.dynamic ? undefined : staticSample,
  });
  if (mock.operations.length === 0) throw new Error('No operations found in the current file.');
  return mock;
}

function listen(server: ReturnType<typeof createServer>, port: number, host: string): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new Error(`Port ${port} is already in use on ${host}`) : error),
    );
    server.listen(port, host, () => {
      const { address, port: bound } = server.address() as AddressInfo;
      resolve(`http://${address.includes(':') ? `[${address}]` : address}:${bound}`);
    });
  });
}

/** `api-sandbox mock`: serves the documents until SIGINT or SIGTERM. */
export async function runMock(flags: MockFlags): Promise<void> {
  const sources = [{ prefix: '', document: flags.document }, ...flags.mounts];
  const mounted: Mounted[] = [];
  for (const source of sources)
    mounted.push({ prefix: source.prefix, mock: await loadMock(source.document, flags) });

  const calls: AnsweredCall[] = [];
  const handler = createMockHandler(() => mounted, { cors: flags.cors, onCall: (call) => calls.push(call) });
  const server = createServer((req, res) => void handler(req, res));
  const address = await listen(server, flags.port, flags.host);

  const quiet = flags.verboseLevel === 'silent';
  if (!quiet) {
    for (const { prefix, mock } of mounted)
      for (const operation of mock.operations)
        console.log(routeLine(operation.method, address, prefix + operation.path));
  }
  console.log(listeningLine(address));

  const stop = () => {
    server.close();
    server.closeAllConnections();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  void cliLine;
}
