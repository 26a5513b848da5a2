import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { Mock, MockAnswer } from '@sandbox/engine';
import { SchemaSizeExceededError } from '@stoplight/json-schema-sampler';

// The HTTP shell of the mock: a request read off the socket, answered by the engine, written back.

/** A document served under a path prefix ('' for the root). */
export interface Mounted {
  prefix: string;
  mock: Mock;
}

/** One answered call, as the logs and the report record it. */
export interface AnsweredCall {
  at: Date;
  method: string;
  url: string;
  status: number;
  durationMs: number;
  /** What broke the document, as Prism's sl-violations lists it (`request` or `response` first). */
  violations: Violation[];
  /** A proxy's call to its upstream, credentials masked; absent when it answered itself. */
  forwarded?: { url: string; headers: Record<string, string> };
}

export interface Violation {
  location: string[];
  severity: string;
  code?: string | number;
  message: string;
}

/** The answer's violations: its sl-violations header, else the problems the engine found in the request. */
function violationsOf(answer: MockAnswer): Violation[] {
  const header = answer.headers['sl-violations'];
  if (header?.startsWith('[')) return JSON.parse(header) as Violation[];
  return answer.problems.map((p) => ({
    location: ['request', ...p.location.split('.')],
    severity: 'Error',
    code: 'invalid',
    message: p.message,
  }));
}

/** The mount a path falls under: the longest prefix that is the path or a folder of it. */
function mountOf(mounts: Mounted[], path: string): { mounted: Mounted; path: string } | undefined {
  let best: Mounted | undefined;
  for (const m of mounts) {
    const under = m.prefix === '' || path === m.prefix || path.startsWith(`${m.prefix}/`);
    if (under && (best === undefined || m.prefix.length > best.prefix.length)) best = m;
  }
  if (!best) return undefined;
  return { mounted: best, path: path.slice(best.prefix.length) || '/' };
}

/** Prism's CORS headers (prism-http-server): the caller's own origin and headers echoed back. */
export function corsHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  return {
    'access-control-allow-origin': String(headers.origin ?? '*'),
    'access-control-allow-headers': String(headers['access-control-request-headers'] ?? '*'),
    'access-control-allow-credentials': 'true',
    'access-control-expose-headers': String(headers['access-control-expose-headers'] ?? '*'),
  };
}

/** Whether a body follows the request's headers: most GETs say none, and are answered without waiting for one. */
const sendsBody = (headers: IncomingHttpHeaders) =>
  headers['transfer-encoding'] !== undefined ||
  (headers['content-length'] !== undefined && headers['content-length'] !== '0');

/** The engine opens CORS on every answer, as the hosted sandbox must; here the flag decides. */
const ENGINE_CORS = new Set(['access-control-allow-origin', 'access-control-expose-headers']);

/** An answer's headers after `cors` (empty without --cors), the engine's own CORS left out. */
function withCors(headers: Record<string, string>, cors: Record<string, string>): Record<string, string> {
  const sent = { ...cors };
  for (const name in headers) if (!ENGINE_CORS.has(name)) sent[name] = headers[name];
  return sent;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** Prism's answer when its sampler gives up on a schema (prism-http's SCHEMA_TOO_COMPLEX). */
const tooComplex = (): MockAnswer => ({
  status: 500,
  headers: { 'content-type': 'application/problem+json' },
  body: JSON.stringify({
    type: 'https://stoplight.io/prism/errors#SCHEMA_TOO_COMPLEX',
    title: 'Schema too complex',
    status: 500,
    detail: 'Unable to generate body for response. The schema is too complex to generate.',
  }),
  problems: [],
});

const notMounted = (path: string): MockAnswer => ({
  status: 404,
  headers: { 'content-type': 'application/problem+json' },
  body: JSON.stringify({
    type: 'https://stoplight.io/prism/errors#NO_PATH_MATCHED_ERROR',
    title: 'Route not resolved, no path matched',
    status: 404,
    detail: `The route ${path} hasn't been found in the specification file`,
  }),
  problems: [],
});

export function createMockHandler(
  mounts: () => Mounted[],
  options: { cors: boolean; onCall?: (call: AnsweredCall) => void },
) {
  return async function answerHttp(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = performance.now();
    const at = new Date();
    const method = req.method ?? 'GET';
    const url = req.url ?? '/';
    const cors = options.cors ? corsHeaders(req.headers) : {};
    // a browser's preflight is answered before any route is looked for, as Prism does
    if (
      options.cors &&
      method === 'OPTIONS' &&
      req.headers.origin &&
      req.headers['access-control-request-method']
    ) {
      res.writeHead(204, {
        ...cors,
        'access-control-allow-methods': String(req.headers['access-control-request-method']),
        vary: 'origin',
        'content-length': '0',
      });
      res.end();
      return;
    }
    const body = sendsBody(req.headers) ? await readBody(req) : '';
    const mark = url.indexOf('?');
    // the path as sent, percent-encoded: the engine's router reads it so
    const found = mountOf(mounts(), mark < 0 ? url : url.slice(0, mark));
    let answer: MockAnswer;
    try {
      answer = found
        ? await found.mounted.mock.answer({
            method,
            path: found.path + (mark < 0 ? '' : url.slice(mark)),
            headers: req.headers,
            body: body === '' ? undefined : body,
          })
        : notMounted(url);
    } catch (error) {
      answer =
        error instanceof SchemaSizeExceededError
          ? tooComplex()
          : {
              status: 500,
              headers: { 'content-type': 'application/problem+json' },
              body: JSON.stringify({
                type: 'about:blank',
                title: 'Internal Server Error',
                status: 500,
                detail: String(error),
              }),
              problems: [],
            };
    }
    if (answer.dropped) {
      res.destroy();
      return;
    }
    res.writeHead(answer.status, withCors(answer.headers, cors));
    res.end(method === 'HEAD' ? undefined : answer.body);
    options.onCall?.({
      at,
      method,
      url,
      status: answer.status,
      durationMs: performance.now() - started,
      violations: violationsOf(answer),
    });
  };
}
