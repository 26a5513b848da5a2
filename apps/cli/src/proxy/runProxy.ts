import { LAB_MAX_BODY_BYTES, LAB_TIMEOUT_MS } from '@sandbox/contracts';
import type { ProxyFlags } from '../flags.js';
import type { Mounted } from '../mock/answerHttp.js';
import { createCallLog } from '../mock/callLog.js';
import { createCallTally } from '../mock/callReport.js';
import { cliLine, listeningLine, routeLine } from '../mock/routeLines.js';
import { loadMock, printsRoutes, serve, stopOnSignal, watchDocuments } from '../mock/runMock.js';
import { createProxyHandler } from './proxyHttp.js';

/**
 * `api-sandbox proxy`: serves until SIGINT or SIGTERM. Each call to the upstream is bounded as the
 * API Lab bounds its outbound calls (its time limit, its cap on a body), on either side.
 */
export async function runProxy(flags: ProxyFlags): Promise<void> {
  const mounted: Mounted[] = [{ prefix: '', mock: await loadMock(flags.document, flags, flags.data) }];
  const calls = createCallTally(flags.report !== undefined);
  const log = createCallLog({
    format: flags.logFormat,
    file: flags.logFile,
    level: flags.verboseLevel,
    violationLines: true,
  });
  const handler = createProxyHandler(() => mounted[0].mock, {
    upstream: flags.upstream,
    upstreamProxy: flags.upstreamProxy,
    errors: flags.errors,
    validateRequest: flags.validateRequest,
    cors: flags.cors,
    limits: { timeoutMs: LAB_TIMEOUT_MS, maxBodyBytes: LAB_MAX_BODY_BYTES },
    onCall: (call) => {
      calls.add(call);
      log(call);
    },
  });
  const { server, address } = await serve(handler, flags);
  if (printsRoutes(flags)) {
    for (const operation of mounted[0].mock.operations)
      console.log(routeLine(operation.method, address, operation.path));
    console.log(
      cliLine('info', `Forwarding to ${flags.upstream.origin}${flags.upstream.pathname.replace(/\/$/, '')}`),
    );
  }
  if (flags.watch) watchDocuments([{ prefix: '', document: flags.document }], mounted, flags);
  console.log(listeningLine(address));
  stopOnSignal(server, calls, log, flags);
}
