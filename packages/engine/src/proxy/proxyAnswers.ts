import type { SandboxAnswer } from '../answer/exchange.js';
import {
  noMethodMatched,
  noPathMatched,
  type PrismViolation,
  prismProblem,
  unauthorized,
  unprocessable,
  violationsError,
} from '../answer/prismProblems.js';
import type { RequestCheck } from './exchangeCheck.js';

// What Prism's proxy answers itself in place of the upstream (prism-http's forwarder and server):
// with --errors, an unknown route, an invalid request and an invalid answer; always, a GET or HEAD
// with a body.

/**
 * With --errors, the answer that refuses a request before it is forwarded: Prism's 404 or 405 for an
 * unknown route, its 401 for a security failure, else its 422 listing the errors. Undefined: forward.
 */
export function refusalOf(
  check: RequestCheck,
  request: { method: string; path: string },
): SandboxAnswer | undefined {
  if (check.unmatched === 'path') return noPathMatched(request.path);
  if (check.unmatched === 'method') return noMethodMatched(request.path, request.method);
  if (check.securityRefused) return unauthorized(check.challenge);
  const errors = check.violations.filter((v) => v.severity === 'Error');
  // a 422 lists places as Prism's validator gives them, without the `request` sl-violations adds
  return errors.length > 0
    ? unprocessable(errors.map((v) => ({ ...v, location: v.location.slice(1) })))
    : undefined;
}

/** With --errors, the 500 that replaces an answer breaking its declared response; undefined if none does. */
export function answerRefusal(violations: PrismViolation[]): SandboxAnswer | undefined {
  const errors = violations.filter((v) => v.severity === 'Error' && v.location[0] === 'response');
  return errors.length > 0 ? violationsError(errors) : undefined;
}

/** Prism's proxy sends no body with a GET or HEAD (stoplightio/prism#2259): it answers 501. */
export const bodyNotForwarded = () =>
  prismProblem(
    'PROXY_UNSUPPORTED_REQUEST_BODY',
    'The Prism proxy does not support sending a GET/HEAD request with a message body to an upstream server. See: https://github.com/stoplightio/prism/issues/2259',
    501,
    '',
  );

/** An upstream 501 for a route the document does not declare: nothing to answer it from (Prism's). */
export const upstreamNotImplemented = () =>
  prismProblem(
    'UPSTREAM_NOT_IMPLEMENTED',
    'The server does not support the functionality required to fulfill the request',
    501,
    '',
  );
