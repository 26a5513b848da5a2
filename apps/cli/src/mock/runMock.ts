import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Mock, memoryRecords, mockDocument } from '@sandbox/engine';
import type { MockFlags } from '../flags.js';
import { createMockHandler, type Mounted } from './answerHttp.js';
import { type CallLog, createCallLog } from './callLog.js';
import { type CallTally, createCallTally } from './callReport.js';
import { asPrismReadsCollection } from './postmanInfo.js';
import { isUrl, readDocument } from './readDocument.js';
import { cliLine, listeningLine, routeLine } from './routeLines.js';
import { loadStartingData } from './startingData.js';
import { staticSample } from './staticSample.js';
import { watchFile } from './watchDocument.js';

/**
 * The Postman converter writes what it cannot read to console.error, stack and all, before it
 * throws: the program's one fatal line says it instead.
 */
function quietly<T>(read: () => T): T {
  const write = console.error;
  console.error = () => {};
  try {
    return read();
  } finally {
    console.error = write;
  }
}

/**
 * The engine's mock of one document, answering as Prism does, with the flags' choices. A reload (a
 * watched document changed) starts again from `data`: what calls stored is not carried over.
 */
export async function loadMock(location: string, flags: MockFlags, data?: string): Promise<Mock> {
  const { text, fileName } = await readDocument(location);
  const records = memoryRecords();
  const mock = quietly(() =>
    mockDocument(asPrismReadsCollection(text), {
      fileName,
      seed: flags.seed,
      dialect: 'prism',
      stateful: flags.stateful,
      dynamic: flags.dynamic,
      ignoreExamples: flags.ignoreExamples,
      errors: flags.errors,
      records,
      // a call that is not dynamic (no --dynamic, or the request says dynamic=false) gets Prism's static sample
      sample: staticSample,
    }),
  );
  if (mock.operations.length === 0) throw new Error('No operations found in the current file.');
  if (data) await loadStartingData(data, mock, records);
  return mock;
}

function listen(server: Server, port: number, host: string): Promise<string> {
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

/**
 * --watch: each local document is read again when it changes; one that no longer reads keeps the
 * last good version answering, with a warning line.
 */
export function watchDocuments(
  sources: { prefix: string; document: string }[],
  mounted: Mounted[],
  flags: MockFlags,
) {
  for (const [at, source] of sources.entries()) {
    if (isUrl(source.document)) continue;
    watchFile(source.document, async () => {
      try {
        const data = at === 0 ? flags.data : undefined;
        mounted[at] = { prefix: source.prefix, mock: await loadMock(source.document, flags, data) };
        console.log(cliLine('info', `Reloaded ${source.document}`));
      } catch (error) {
        const why = (error as Error).message.split('\n')[0];
        console.log(
          cliLine(
            'warning',
            `${source.document} did not reload (${why}); still answering its last good version`,
          ),
        );
      }
    });
  }
}

/**
 * `handler` served on the flags' port and host; answers the address it listens on. A client gone
 * mid-body fails the read: its socket is closed, and the program answers on.
 */
export async function serve(
  handler: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
  flags: MockFlags,
): Promise<{ server: Server; address: string }> {
  const server = createServer((req, res) => {
    handler(req, res).catch(() => res.destroy());
  });
  return { server, address: await listen(server, flags.port, flags.host) };
}

/** The route lines are info lines, as Prism's are (the listening line is always printed). */
export const printsRoutes = (flags: MockFlags) => ['trace', 'debug', 'info'].includes(flags.verboseLevel);

/** Serves until SIGINT or SIGTERM; then writes the report and exits as --fail-on asks. */
export function stopOnSignal(server: Server, calls: CallTally, log: CallLog, flags: MockFlags): void {
  const stop = () => {
    server.close();
    server.closeAllConnections();
    log.flush();
    process.exit(finish(calls, flags));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

/** At the end: the violations summary, the report, and the exit code --fail-on asks for. */
function finish(calls: CallTally, flags: MockFlags): number {
  if (flags.report) calls.writeReport(flags.report);
  if (!flags.failOn) return 0;
  for (const line of calls.summaryLines()) console.log(line);
  return calls.failed(flags.failOn) ? 1 : 0;
}

/** `api-sandbox mock`: serves the documents until SIGINT or SIGTERM. */
export async function runMock(flags: MockFlags): Promise<void> {
  const sources = [{ prefix: '', document: flags.document }, ...flags.mounts];
  const mounted: Mounted[] = [];
  // --data is the records of the document mocked at the root; mounted documents start empty
  for (const [at, source] of sources.entries()) {
    const data = at === 0 ? flags.data : undefined;
    mounted.push({ prefix: source.prefix, mock: await loadMock(source.document, flags, data) });
  }

  const calls = createCallTally(flags.report !== undefined);
  const log = createCallLog({ format: flags.logFormat, file: flags.logFile, level: flags.verboseLevel });
  const handler = createMockHandler(() => mounted, {
    cors: flags.cors,
    onCall: (call) => {
      calls.add(call);
      log(call);
    },
  });
  const { server, address } = await serve(handler, flags);
  if (printsRoutes(flags)) {
    for (const { prefix, mock } of mounted)
      for (const operation of mock.operations)
        console.log(routeLine(operation.method, address, prefix + operation.path));
  }
  // watched before the listening line: a script may change the document as soon as it reads it
  if (flags.watch) watchDocuments(sources, mounted, flags);
  console.log(listeningLine(address));
  stopOnSignal(server, calls, log, flags);
}
