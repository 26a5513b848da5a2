import type { SandboxAnswer } from './exchange.js';
import { PROBLEM_CONTENT_TYPE, problem } from './problem.js';

/** An answer as it goes on the wire: its final status, every header, and the body's text, if any. */
export interface WireAnswer {
  status: number;
  headers: Record<string, string>;
  /** The body; undefined for no body (204, 304, an empty answer). A HEAD is sent without it. */
  text: string | Buffer | undefined;
}

const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

const isProblem = ({ status, body }: SandboxAnswer) =>
  status >= 400 && typeof body === 'object' && body !== null && 'title' in body;

const notFinal = (status: number): SandboxAnswer => ({
  status: 500,
  body: problem(500, 'Internal Server Error', `The sandbox cannot answer with ${status}: not a final status`),
});

/**
 * The status, headers and body an answer is sent with (open CORS, then its own headers, then
 * `fixed`). Not for a dropped connection, which has none.
 */
export function toWire(answer: SandboxAnswer, fixed: Record<string, string> = {}): WireAnswer {
  // A 1xx is not a final answer: a proxy in front would take 101 for a switch of protocol, or 100 for
  // an interim answer and pair the next one with this request. Nothing should choose one; if anything
  // does, it is the sandbox's failure.
  if (answer.status < 200 || answer.status > 599) return toWire(notFinal(answer.status), fixed);
  const headers: Record<string, string> = {
    'access-control-allow-origin': '*',
    'access-control-expose-headers': '*',
    ...answer.headers,
    ...fixed,
  };
  const text =
    answer.payload ?? answer.json ?? (answer.body === undefined ? undefined : JSON.stringify(answer.body));
  // RFC 9110 §15.3.5, §15.4.5: 204 and 304 have no content
  if (text === undefined || answer.status === 204 || answer.status === 304) {
    // an empty answer says so, rather than arriving as an empty chunked body
    if (answer.status !== 204 && answer.status !== 304) headers['content-length'] = '0';
    return { status: answer.status, headers, text: undefined };
  }
  headers['content-type'] =
    answer.contentType ?? (isProblem(answer) ? PROBLEM_CONTENT_TYPE : JSON_CONTENT_TYPE);
  headers['content-length'] = String(Buffer.byteLength(text));
  return { status: answer.status, headers, text };
}
