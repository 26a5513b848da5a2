import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { AnswerSource, LoggedProblem, LoggedViolation } from '@sandbox/contracts';
import type { CompiledApi, CompiledEndpoint } from '@sandbox/engine/answer/compileApi';
import type { SandboxAnswer } from '@sandbox/engine/answer/exchange';
import type { RouteLookup } from '@sandbox/engine/answer/matchRoute';
import { MAX_LOGGED_BODY_CHARS } from '../config.js';
import type { ProxyTrace } from './forwardToUpstream.js';

// A sandbox call as the request log first holds it: taken on the hot path with as little work as
// can be (bodies cut, everything else by reference), masked and serialised only when it is written.

/**
 * A body is taken up to this many characters (REQUEST_LOG_BODY_CHARS may keep fewer); the entry says
 * when it was cut.
 */
/** Where deployed APIs answer: `$PUBLIC_URL/sandbox/<key>/...`. */
export const SANDBOX_PREFIX = '/sandbox/';

/** What went out for a call: its headers and its body as written. */
export interface WrittenAnswer {
  headers: Record<string, string>;
  text: string | Buffer | undefined;
}

export const BODY_CUT = MAX_LOGGED_BODY_CHARS;

export interface CapturedCall {
  apiMasterId: number;
  /** Epoch milliseconds, when the request arrived. */
  at: number;
  method: string;
  path: string;
  query: string;
  /** As Node read them: masked when written. */
  requestHeaders: IncomingHttpHeaders;
  credentialNames: CompiledApi['credentialNames'];
  requestBody: string | null;
  requestBodyTruncated: boolean;
  route: RouteLookup<CompiledEndpoint> | undefined;
  status: number;
  responseHeaders: Record<string, string>;
  responseBody: string | null;
  responseBodyTruncated: boolean;
  durationMs: number;
  problems: LoggedProblem[];
  source: AnswerSource;
  simulated: { delayMs: number; failed: boolean } | null;
  /** Forwarded to the API's Upstream URL; then `violations` says what of the exchange broke the document. */
  forwarded: boolean;
  violations: LoggedViolation[];
  /** About what it holds in memory: the queue's bound counts it. */
  bytes: number;
}

/**
 * A body as kept: cut to BODY_CUT and copied when cut, so a queued entry never holds on to the whole
 * of a large body (a slice of a string can keep its parent alive). Bytes are not text: none is kept.
 */
export function cutBody(body: string | Buffer | undefined): { text: string | null; truncated: boolean } {
  if (body === undefined || typeof body !== 'string') return { text: null, truncated: false };
  if (body.length <= BODY_CUT) return { text: body, truncated: false };
  return { text: Buffer.from(body.slice(0, BODY_CUT)).toString(), truncated: true };
}

/** What Node holds of the request's header lines, for the queue's bound. */
export function headerBytes(rawHeaders: string[]): number {
  let bytes = 0;
  for (const line of rawHeaders) bytes += line.length;
  return bytes;
}

// masked as the command-line proxy's log masks them
export { maskedHeaders, maskedQuery } from '@sandbox/engine/shared/maskCredentials';

/** The matched endpoint as the log names it, or why none matched. */
export function routeOf(route: CapturedCall['route']): {
  endpointId: number | null;
  endpoint: string | null;
  unmatched: string | null;
} {
  if (route?.kind === 'found') {
    const { id, method, path } = route.match.handler;
    return { endpointId: id, endpoint: `${method} ${path}`, unmatched: null };
  }
  return { endpointId: null, endpoint: null, unmatched: UNMATCHED[route?.kind ?? 'not-found'] };
}

/** Why no endpoint answered (LoggedRequest.unmatched). */
export const UNMATCHED = {
  'not-found': 'No path matches',
  'method-not-allowed': 'Method not allowed',
} as const;

/** The pieces of a sandbox call the log keeps, taken as it is answered. */
export function captureCall(
  req: IncomingMessage,
  rawBody: string | undefined,
  api: CompiledApi,
  trace: ProxyTrace,
  answer: SandboxAnswer,
  written: WrittenAnswer,
  timing: { at: number; durationMs: number },
): CapturedCall {
  const url = req.url ?? '/';
  const mark = url.indexOf('?');
  const address = mark < 0 ? url : url.slice(0, mark);
  // the path within the API: after `/sandbox/<key>`
  const slash = address.indexOf('/', SANDBOX_PREFIX.length);
  const request = cutBody(rawBody === '' ? undefined : rawBody);
  // what was sent: a HEAD's answer carries no body
  const response = cutBody(req.method === 'HEAD' ? undefined : written.text);
  return {
    apiMasterId: api.id,
    at: timing.at,
    method: req.method ?? 'GET',
    path: slash < 0 ? '/' : address.slice(slash),
    query: mark < 0 ? '' : url.slice(mark + 1),
    requestHeaders: req.headers,
    credentialNames: api.credentialNames,
    requestBody: request.text,
    requestBodyTruncated: request.truncated,
    route: trace.route,
    status: answer.status,
    responseHeaders: written.headers,
    responseBody: response.text,
    responseBodyTruncated: response.truncated,
    durationMs: Math.round(timing.durationMs * 100) / 100,
    problems: trace.problems ?? problemsOf(answer.body),
    source: sourceOf(answer, written),
    simulated: answer.simulated ?? null,
    forwarded: trace.forwarded === true,
    violations: trace.violations ?? [],
    bytes:
      ENTRY_BYTES +
      url.length +
      headerBytes(req.rawHeaders) +
      (request.text?.length ?? 0) +
      (response.text?.length ?? 0),
  };
}

/** What an entry holds besides its texts, about. */
const ENTRY_BYTES = 1024;

/**
 * Where the body came from: the traffic simulation's for a failure or a dropped connection; none
 * without a body; else as the answer says, or the sandbox's own refusal for an unmarked error.
 */
function sourceOf(answer: SandboxAnswer, written: WrittenAnswer): AnswerSource {
  if (answer.drop || answer.simulated?.failed) return 'simulated';
  if (written.text === undefined) return 'none';
  return answer.source ?? (answer.status >= 400 ? 'problem' : 'generated');
}

/** The problems a problem-details body lists (a refusal the runtime made without validating). */
function problemsOf(body: unknown): LoggedProblem[] {
  if (typeof body !== 'object' || body === null || !('errors' in body) || !Array.isArray(body.errors))
    return [];
  return body.errors.filter(
    (e): e is LoggedProblem => typeof e?.location === 'string' && typeof e?.message === 'string',
  );
}
