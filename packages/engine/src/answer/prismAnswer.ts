import type { ApiModel } from '../model/apiModel.js';
import type { Preferences } from './chooseResponse.js';
import type { CompiledEndpoint } from './compileApi.js';
import { bodyOf } from './documentAnswer.js';
import type { SandboxAnswer } from './exchange.js';
import {
  invalidContentType,
  missingExample,
  type PrismViolation,
  prismViolation,
  unauthorized,
  unprocessable,
} from './prismProblems.js';
import type { Problem } from './problem.js';
import { headerValues } from './responseHeaders.js';
import type { SecurityRefusal } from './securitySchemes.js';
import { serialise } from './serialise.js';

// Prism's answers to the requests it refuses (prism-http's mocker): the operation's own response for
// the refusal when it declares one, with its example or a body from its schema, else Prism's problem.

const MAX_SAFE_HEADER_LENGTH = 8 * 1024 - 100;

/** Prism's `sl-violations` header: every violation, cut short past what a header safely carries. */
export function violationsHeader(violations: PrismViolation[]): Record<string, string> {
  if (violations.length === 0) return {};
  let value = JSON.stringify(
    violations.map(({ location, severity, code, bare }) => ({ location, severity, code, message: bare })),
  );
  if (value.length > MAX_SAFE_HEADER_LENGTH)
    value = `Too many violations! ${value.substring(0, MAX_SAFE_HEADER_LENGTH)}`;
  return { 'sl-violations': value };
}

/** A request's violations as Prism lists them, `request` first in each location. */
export const requestViolations = (problems: Problem[]): PrismViolation[] =>
  problems.map((p) => {
    const v = prismViolation(p, 'Request');
    return { ...v, location: ['request', ...v.location] };
  });

/** The operation's declared response of the first of `codes` it declares, as Prism writes it. */
function declaredAnswer(
  endpoint: CompiledEndpoint,
  codes: number[],
  accept: string | undefined,
  model: ApiModel,
  exampleKey?: string,
): SandboxAnswer | undefined {
  const { responses } = endpoint;
  const code = codes.find((c) => responses.exact.has(c));
  const response = code === undefined ? responses.fallback : responses.exact.get(code);
  if (!response) return undefined;
  const status = code ?? codes[0];
  const headers = headerValues(response.headers, model);
  const negotiated = response.media?.choose(accept) ?? undefined;
  const media =
    negotiated?.media ?? response.media?.media.find((m) => m.example !== undefined || m.schema !== undefined);
  if (!media) return { status, headers };
  const contentType = media === negotiated?.media ? negotiated.contentType : media.contentType;
  if (exampleKey !== undefined && !media.examples.has(exampleKey))
    return missingExample(media.type, exampleKey);
  const body = bodyOf(
    media,
    exampleKey === undefined ? undefined : { example: exampleKey },
    model,
    endpoint.resourceName,
  );
  if (media.kind === 'json') return { status, body, contentType, headers };
  return { status, payload: serialise(body, { ...media.serialisation, contentType }), contentType, headers };
}

/** An invalid request: the declared 422 or 400 (else `default`), else Prism's 422 listing why. */
export function prismInvalid(
  endpoint: CompiledEndpoint,
  problems: Problem[],
  accept: string | undefined,
  model: ApiModel,
  preferences: Preferences | undefined,
): SandboxAnswer {
  const violations = requestViolations(problems);
  // the example a client asks for is taken when it asks for the code answering (prism-http's mocker)
  const asked = preferences?.code === 422 || preferences?.code === 400 ? preferences.example : undefined;
  const answer =
    declaredAnswer(endpoint, [422, 400], accept, model, asked) ??
    unprocessable(violations.map((v) => ({ ...v, location: v.location.slice(1) })));
  answer.headers = { ...answer.headers, ...violationsHeader(violations) };
  return answer;
}

/** A body in a media type the operation does not take: the declared 415, 422 or 400, else Prism's 415. */
export function prismUnsupported(
  endpoint: CompiledEndpoint,
  accept: string | undefined,
  model: ApiModel,
): SandboxAnswer {
  return (
    declaredAnswer(endpoint, [415, 422, 400], accept, model) ??
    invalidContentType(
      `Supported content types: ${[...(endpoint.request.model.body?.content.keys() ?? [])].join(',')}`,
    )
  );
}

const SECURITY_VIOLATION: PrismViolation = {
  location: ['request'],
  severity: 'Error',
  code: 401,
  message: 'Invalid security scheme used',
  bare: 'Invalid security scheme used',
};

/** A call without the credentials the operation asks: the declared 401, else Prism's, with the challenge. */
export function prismUnauthorized(
  endpoint: CompiledEndpoint,
  refusal: SecurityRefusal,
  accept: string | undefined,
  model: ApiModel,
): SandboxAnswer {
  const challenge = refusal.prismChallenge;
  const declared = declaredAnswer(endpoint, [401], accept, model);
  const answer = declared && endpoint.responses.exact.has(401) ? declared : unauthorized(challenge);
  answer.headers = { ...answer.headers, ...violationsHeader([SECURITY_VIOLATION]) };
  return answer;
}
