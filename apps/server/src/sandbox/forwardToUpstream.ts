import { TextDecoder } from 'node:util';
import type { LoggedViolation, ViolationDirection } from '@sandbox/contracts';
import { upstreamMessages } from '@sandbox/contracts';
import { checkRequest, checkResponse, forwardedRequestHeaders, returnedAnswerHeaders } from '@sandbox/engine';
import type { CompiledApi } from '@sandbox/engine/answer/compileApi';
import type { SandboxAnswer, SandboxRequest } from '@sandbox/engine/answer/exchange';
import { violationsHeader } from '@sandbox/engine/answer/prismAnswer';
import type { PrismViolation } from '@sandbox/engine/answer/prismProblems';
import { problem } from '@sandbox/engine/answer/problem';
import type { RequestTrace } from '@sandbox/engine/answer/requestTrace';
import { essenceOf, mediaKind } from '@sandbox/engine/shared/mediaTypes';
import type { HopAnswer } from '../outbound/hop.js';
import { type UpstreamClient, UpstreamFailure } from '../outbound/upstreamClient.js';

// The hosted validating proxy (issue 28): a call to an API with an Upstream URL is sent on to that
// backend and its answer handed back unchanged, both checked against the API's document; what broke
// it goes to the caller in `sl-violations` (as Prism's proxy does) and to the request log.

/** What the request log records of a forwarded call besides what any call records. */
export interface ProxyTrace extends RequestTrace {
  forwarded?: boolean;
  violations?: LoggedViolation[];
}

/** Not handed back: the sandbox sets its own length, content type and open CORS on every answer. */
const SET_BY_THE_SANDBOX = /^(content-length|content-type|access-control-.*)$/;

const joined = (value: string | string[]) => (Array.isArray(value) ? value.join(', ') : value);

function outgoingHeaders(request: SandboxRequest, withoutAuthorization: boolean): Record<string, string> {
  const headers = forwardedRequestHeaders(request.headers, withoutAuthorization ? ['authorization'] : []);
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, joined(value)]));
}

/** The upstream's answer as the sandbox sends it on: its status, its headers (bar one connection's), its bytes. */
function answerOf(answer: HopAnswer, violations: PrismViolation[]): SandboxAnswer {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(returnedAnswerHeaders(answer.headers, [])))
    if (!SET_BY_THE_SANDBOX.test(name)) headers[name] = joined(value);
  const contentType = answer.headers['content-type'];
  return {
    status: answer.status,
    headers: { ...headers, ...violationsHeader(violations) },
    ...(answer.body.length > 0 && { payload: textOrBytes(answer.body, contentType as string | undefined) }),
    ...(typeof contentType === 'string' && { contentType }),
    source: 'upstream',
  };
}

/** A textual body as text (the request log keeps text, not bytes); anything else as its bytes. */
function textOrBytes(body: Buffer, contentType: string | undefined): string | Buffer {
  if (contentType === undefined || mediaKind(essenceOf(contentType)) === 'binary') return body;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return body;
  }
}

const logged =
  (direction: ViolationDirection) =>
  ({ location, severity, code, message }: PrismViolation): LoggedViolation => ({
    direction,
    location,
    severity,
    ...(code !== undefined && { code }),
    message,
  });

function failure(error: UpstreamFailure): SandboxAnswer {
  const detail = {
    refused: upstreamMessages.refused,
    unreachable: upstreamMessages.unreachable,
    'timed-out': upstreamMessages.timedOut,
    'too-large': upstreamMessages.tooLarge,
  }[error.reason];
  const status = error.reason === 'timed-out' ? 504 : 502;
  return {
    status,
    body: problem(status, upstreamMessages.unreachableTitle, `${detail} (${error.message})`),
    source: 'problem',
  };
}

/**
 * Forwards one call: method, the path after the sandbox's prefix appended to the Upstream URL's,
 * the query string as sent, the headers bar one connection's (and Authorization when it carried
 * the product's own sandbox token), the body. The request is forwarded whatever its violations:
 * what the backend does with it is what the caller wants to see.
 */
export async function forwardToUpstream(
  api: CompiledApi,
  request: SandboxRequest & { trace?: ProxyTrace },
  call: { upstream: URL; rawQuery: string; bytes?: Buffer; tokenConsumed: boolean },
  client: UpstreamClient,
): Promise<SandboxAnswer> {
  // an unknown route is forwarded too, with the check's warning that no operation matched
  const sent = (await checkRequest(api, request)).violations;
  const trace = request.trace;
  if (trace) {
    trace.forwarded = true;
    trace.violations = sent.map(logged('request'));
  }
  const url = new URL(call.upstream);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}${request.path}`;
  url.search = call.rawQuery;
  // the bytes as the caller sent them (an image stays an image), else the text (API Lab's call)
  const body = call.bytes ?? request.rawBody;
  let answer: HopAnswer;
  try {
    answer = await client.send({
      method: request.method,
      url,
      headers: outgoingHeaders(request, call.tokenConsumed),
      body: body?.length ? body : undefined,
    });
  } catch (error) {
    if (error instanceof UpstreamFailure) return withViolations(failure(error), sent);
    throw error;
  }
  if (answer.truncated) return withViolations(failure(new UpstreamFailure('too-large', url.host)), sent);
  const received = checkResponse(api, request, {
    status: answer.status,
    headers: answer.headers as Record<string, string | string[] | undefined>,
    body: answer.body,
  });
  if (trace) trace.violations = [...sent.map(logged('request')), ...received.map(logged('response'))];
  return answerOf(answer, [...sent, ...received]);
}

function withViolations(answer: SandboxAnswer, violations: PrismViolation[]): SandboxAnswer {
  return { ...answer, headers: { ...answer.headers, ...violationsHeader(violations) } };
}
