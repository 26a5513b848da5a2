import type { IncomingMessage, ServerResponse } from 'node:http';
import { BodyAllowance, type BodyHold } from '@sandbox/engine/answer/bodyAllowance';
import { queryOf, type SandboxAnswer } from '@sandbox/engine/answer/exchange';
import { withoutOriginHeaders } from '@sandbox/engine/answer/originHeaders';
import { isPreflight, preflightHeaders } from '@sandbox/engine/answer/preflight';
import { problem } from '@sandbox/engine/answer/problem';
import { toWire } from '@sandbox/engine/answer/wire';
import type { FastifyBaseLogger } from 'fastify';
import type { Metrics } from '../http/metrics.js';
import { type CapturedCall, captureCall, SANDBOX_PREFIX, type WrittenAnswer } from './capture.js';
import type { ProxyTrace } from './forwardToUpstream.js';
import type { SandboxRuntime } from './runtime.js';

export const BODY_LIMIT = 1024 * 1024;

/**
 * On every sandbox answer, errors and preflights included. Answers are built from tenants' documents
 * and share an origin with the app unless SANDBOX_URL gives them their own: `sandbox` makes a browser
 * treat whatever it renders from here as a page of a unique origin, with no script run, and nosniff
 * keeps a JSON answer from being read as anything else.
 */
export const ISOLATION_HEADERS = {
  'content-security-policy': 'sandbox',
  'x-content-type-options': 'nosniff',
};

class BodyTooLarge extends Error {}
class TooManyBodies extends Error {}
class BodyStalled extends Error {}

/**
 * Reads a body, asking `hold` for each chunk as it arrives. A client that sends nothing for `idleMs`
 * is given up on: its socket would otherwise keep its share for the whole request timeout.
 */
function readBody(req: IncomingMessage, hold: BodyHold, idleMs: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    // one timer per body, pushed back as each chunk arrives
    const idle = setTimeout(() => {
      req.removeAllListeners('data');
      reject(new BodyStalled());
    }, idleMs);
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      const refusal =
        size > BODY_LIMIT ? new BodyTooLarge() : !hold.admit(chunk.length) ? new TooManyBodies() : null;
      if (refusal === null) {
        chunks.push(chunk);
        idle.refresh();
        return;
      }
      clearTimeout(idle);
      req.removeAllListeners('data');
      req.resume();
      reject(refusal);
    });
    req.on('end', () => {
      clearTimeout(idle);
      resolve(Buffer.concat(chunks));
    });
    req.on('error', (error) => {
      clearTimeout(idle);
      reject(error);
    });
  });
}

/** What was sent: the headers, and the body (the body a HEAD would have had; none for 204 and 304). */

const NOTHING_WRITTEN: WrittenAnswer = { headers: {}, text: undefined };

export function writeAnswer(
  res: ServerResponse,
  method: string | undefined,
  answer: SandboxAnswer,
): WrittenAnswer {
  // the traffic simulation's dropped connection: the client sees the socket close, no status
  if (answer.drop) {
    res.destroy();
    return NOTHING_WRITTEN;
  }
  const { status, headers, text } = toWire(answer, ISOLATION_HEADERS);
  res.writeHead(status, headers).end(method === 'HEAD' ? undefined : text);
  return { headers, text };
}

const tooLarge = (): SandboxAnswer => ({
  status: 413,
  body: problem(413, 'Payload Too Large', 'The request body is larger than 1 MB'),
});

const timedOut = (idleMs: number): SandboxAnswer => ({
  status: 408,
  headers: { connection: 'close' },
  body: problem(408, 'Request Timeout', `The request body stopped arriving for ${idleMs / 1000} s`),
});

const busy = (): SandboxAnswer => ({
  status: 503,
  headers: { 'retry-after': '1' },
  body: problem(503, 'Service Unavailable', 'The sandbox is reading as many request bodies as it may; retry'),
});

/** Where answered calls go (the request log's recorder): the sandbox only hands them over. */
export interface CallLog {
  /** The time a call arrived, on the log's clock. */
  now(): number;
  record(call: CapturedCall): void;
}

/**
 * `/sandbox/<key>/...` on plain node:http: the sandbox is the hot path, so its requests skip the
 * control plane's routing, hooks and logging. Open CORS, preflights answered (DESIGN §6).
 * `body` is given when a framework already read it (Fastify's inject in tests and the Lab).
 * Bodies held at once are bounded, in all and per client (`BodyAllowance`), counted as their bytes
 * arrive and given back before a simulated delay: past a bound, 503, so a burst of large bodies cannot
 * all sit in memory together. A body that stops arriving for `bodyIdleMs` is answered 408.
 * With `requestLog`, each call a deployed API answers is queued for its log once answered.
 */
export function createSandboxHttpHandler(
  runtime: SandboxRuntime,
  log: FastifyBaseLogger,
  options: {
    maxBodyBytesInFlight: number;
    maxBodyBytesPerClient: number;
    bodyIdleMs: number;
    clientAddress: (req: IncomingMessage) => string;
    /** Whether a request reached sandboxes on their own origin, where tenant headers cannot act on the app. */
    ownOrigin: (headers: IncomingMessage['headers']) => boolean;
    requestLog?: CallLog;
    metrics?: Metrics;
  },
) {
  const { requestLog, metrics, bodyIdleMs, clientAddress, ownOrigin } = options;
  const allowance = new BodyAllowance(options.maxBodyBytesInFlight, options.maxBodyBytesPerClient);

  return async function handleSandbox(
    req: IncomingMessage,
    res: ServerResponse,
    body?: string,
  ): Promise<void> {
    let hold: BodyHold | undefined;
    // what the request log needs, kept as the call goes; the runtime fills in the trace
    const arrived = requestLog?.now();
    const started = (requestLog || metrics) && performance.now();
    const trace: ProxyTrace | undefined = (requestLog || metrics) && {};
    let rawBody: string | undefined;
    let answer: SandboxAnswer | undefined;
    let written: WrittenAnswer | undefined;
    try {
      // Answered before any lookup, even when the document declares OPTIONS: a browser needs it, as
      // with Prism. Other OPTIONS calls go to the runtime, which answers a declared one as declared.
      if (isPreflight(req.method, req.headers)) {
        res.writeHead(204, { ...preflightHeaders(req.headers), ...ISOLATION_HEADERS }).end();
        return;
      }
      const declared = Number(req.headers['content-length'] ?? 0);
      if (body === undefined && declared > BODY_LIMIT) {
        // told up front: no need to read a byte of it, nor to keep the connection
        res.setHeader('connection', 'close');
        writeAnswer(res, req.method, tooLarge());
        return;
      }
      const hasBody = body !== undefined ? body !== '' : !(req.method === 'GET' || req.method === 'HEAD');
      if (hasBody) {
        hold = allowance.open(clientAddress(req));
        if (body !== undefined && !hold.admit(Buffer.byteLength(body))) {
          writeAnswer(res, req.method, busy());
          return;
        }
      }
      const url = req.url ?? '/';
      const mark = url.indexOf('?');
      const rest = (mark < 0 ? url : url.slice(0, mark)).slice(SANDBOX_PREFIX.length);
      const slash = rest.indexOf('/');
      // the bytes as sent go on to an Upstream URL; the engine reads the text
      const bytes = body === undefined && hold ? await readBody(req, hold, bodyIdleMs) : undefined;
      rawBody = body ?? bytes?.toString('utf8');
      const rawQuery = mark < 0 ? '' : url.slice(mark + 1);
      answer = await runtime.handle(
        {
          method: req.method ?? 'GET',
          key: slash < 0 ? rest : rest.slice(0, slash),
          path: slash < 0 ? '/' : rest.slice(slash),
          query: queryOf(rawQuery),
          headers: req.headers,
          rawBody,
          onClose: (listener) => res.once('close', listener),
          // a delayed answer's body is read and checked: it need not count while it waits
          onWait: () => hold?.release(),
          trace,
        },
        { rawQuery, bytes },
      );
      if (!ownOrigin(req.headers)) answer = withoutOriginHeaders(answer);
      written = writeAnswer(res, req.method, answer);
    } catch (error) {
      if (error instanceof BodyTooLarge) return void writeAnswer(res, req.method, tooLarge());
      if (error instanceof TooManyBodies) return void writeAnswer(res, req.method, busy());
      if (error instanceof BodyStalled) return void writeAnswer(res, req.method, timedOut(bodyIdleMs));
      log.error({ err: error }, 'sandbox request failed');
      answer = { status: 500, body: problem(500, 'Internal Server Error', 'The sandbox failed to answer') };
      written = writeAnswer(res, req.method, answer);
    } finally {
      // answered, or failed: a client that goes away mid-body fails the read ('aborted')
      hold?.release();
      const durationMs = started === undefined ? 0 : performance.now() - started;
      // a call no deployed API answered (an unknown address, a refused body) is in no API's log
      if (requestLog && trace?.api && answer && written)
        requestLog.record(
          captureCall(req, rawBody, trace.api, trace, answer, written, { at: arrived as number, durationMs }),
        );
      metrics?.observeSandbox({
        apiId: trace?.api?.id,
        status: answer?.status ?? res.statusCode,
        invalid: (trace?.problems?.length ?? 0) > 0,
        seconds: durationMs / 1000,
      });
      if (trace?.violations?.length) metrics?.observeViolations(trace.api?.id, trace.violations);
    }
  };
}

export type SandboxHttpHandler = ReturnType<typeof createSandboxHttpHandler>;
