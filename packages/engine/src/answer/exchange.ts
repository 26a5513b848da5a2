import type { AnswerSource } from '@sandbox/contracts';
import type { RequestTrace } from './requestTrace.js';

// A sandbox request and its answer, as the handler, the runtime, the simulation and the answer's
// builders pass them along.

export interface SandboxRequest {
  method: string;
  key: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  headers: Record<string, string | string[] | undefined>;
  rawBody: string | undefined;
  /** Calls back when the client goes away before it is answered: a delayed answer stops waiting. */
  onClose?: (listener: () => void) => void;
  /** Called before the answer waits out a simulated delay: the body's bytes stop counting as held. */
  onWait?: () => void;
  /** Filled in with what the request log records (the API, the endpoint matched, the problems). */
  trace?: RequestTrace;
}

export interface SandboxAnswer {
  status: number;
  /** A JSON body (problem details when it has a `title` and the status is an error). */
  body?: unknown;
  /** The body already serialized (a stored record sent as it is kept). */
  json?: string;
  /** The body already written in its media type (`contentType`): text, XML, bytes. */
  payload?: string | Buffer;
  /** Without it, a body is sent as JSON. */
  contentType?: string;
  headers?: Record<string, string>;
  /** The connection is closed without an answer (the traffic simulation's dropped connection). */
  drop?: true;
  /** What the traffic simulation did: the delay it added, and whether this is a failure it chose. */
  simulated?: { delayMs: number; failed: boolean };
  /** Where the body came from, for the request log; unset: the sandbox's own refusal, or no body. */
  source?: AnswerSource;
}

/** A query string (`a=1&a=2&b=3`, no `?`) as a request's `query`: a name given twice keeps both values. */
export function queryOf(search: string): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  if (!search) return query;
  for (const [key, value] of new URLSearchParams(search)) {
    const seen = query[key];
    query[key] = seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value];
  }
  return query;
}
