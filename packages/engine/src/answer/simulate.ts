import { STATUS_CODES } from 'node:http';
import { type Behaviour, SIMULATION_OPT_OUT_HEADER } from '@sandbox/contracts';
import { responseFor } from './chooseResponse.js';
import type { CompiledResponse } from './compileResponses.js';
import type { SandboxAnswer, SandboxRequest } from './exchange.js';
import { PROBLEM_CONTENT_TYPE, problem } from './problem.js';
import type { RecordStore } from './records.js';
import { type MatchedCall, respondTo } from './respond.js';

// Traffic simulation: an endpoint told to be slow or to fail answers after a delay, and some of its
// calls with a chosen status or a dropped connection. A delay is a timer: other requests are answered
// meanwhile.

/** Where simulated chance comes from; tests pass a seeded one. */
export type Random = () => number;

/** `x-sandbox-simulation: off`: answered at once and as configured, so tests can opt out. */
export function optsOut(headers: SandboxRequest['headers']): boolean {
  const value = headers[SIMULATION_OPT_OUT_HEADER];
  return typeof value === 'string' && value.trim().toLowerCase() === 'off';
}

/** The delay of one call: fixed, or drawn evenly from the range, both ends included. */
export function delayOf(behaviour: Behaviour, random: Random): number {
  const { delayMs, delayMaxMs } = behaviour;
  if (delayMaxMs === null || delayMaxMs <= delayMs) return delayMs;
  return delayMs + Math.floor(random() * (delayMaxMs - delayMs + 1));
}

/** Whether this call is one of the `failureRate` percent that fail. */
export function failsNow(behaviour: Behaviour, random: Random): boolean {
  return behaviour.failureRate > 0 && random() * 100 < behaviour.failureRate;
}

/** Waits `ms`; false when the client went away first (the answer is then not worth making). */
function wait(ms: number, request: SandboxRequest): Promise<boolean> {
  if (ms === 0) return Promise.resolve(true);
  request.onWait?.();
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(true), ms);
    request.onClose?.(() => {
      clearTimeout(timer);
      resolve(false);
    });
  });
}

/**
 * Answers a call under its endpoint's behaviour: the delay first, then the failure, else `answer()`,
 * the sandbox's usual answer. A failing call's body is let go before the wait: it is not read.
 */
export async function simulate(
  behaviour: Behaviour,
  call: MatchedCall,
  records: RecordStore,
  random: Random,
  answer: () => Promise<SandboxAnswer>,
): Promise<SandboxAnswer> {
  const delayMs = delayOf(behaviour, random);
  const failed = failsNow(behaviour, random);
  if (failed) call.request.rawBody = undefined;
  if (!(await wait(delayMs, call.request))) return { status: 0, drop: true, simulated: { delayMs, failed } };
  const answered = failed ? await failure(behaviour.failureStatus, call, records) : await answer();
  answered.simulated = { delayMs, failed };
  return answered;
}

/** Whether a declared response has a body to answer with: a declared media type. */
function hasContent(response: CompiledResponse): boolean {
  return response.media.available.length > 0;
}

/**
 * A simulated failure: the response the endpoint declares for the status, as `Prefer: code=` answers
 * it (records left alone); else, or when that response declares no content (a bare `default`),
 * problem details with the status; 0 drops the connection unanswered.
 */
async function failure(status: number, call: MatchedCall, records: RecordStore): Promise<SandboxAnswer> {
  if (status === 0) return { status: 0, drop: true };
  const { api, endpoint, request } = call;
  const chosen = responseFor(endpoint.responses, status);
  if (!chosen || !hasContent(chosen.response)) {
    const title = STATUS_CODES[status] ?? 'Simulated Failure';
    const detail = `A failure simulated by this endpoint's behaviour (${status} ${title})`;
    return { status, body: problem(status, title, detail), contentType: PROBLEM_CONTENT_TYPE };
  }
  const accept = typeof request.headers.accept === 'string' ? request.headers.accept : undefined;
  // a failure answers even a client that accepts none of its types: in the first one declared
  const media = chosen.response.media.choose(accept) ?? chosen.response.media.choose(undefined) ?? undefined;
  const answer = { body: undefined, chosen, media, preferences: { code: status }, accept };
  return respondTo(call, api.model.forRequest(request), answer, records);
}
