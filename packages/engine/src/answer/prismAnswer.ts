import type { ApiModel } from '../model/apiModel.js';
import type { AnswerStyle } from './answerStyle.js';
import type { Preferences } from './chooseResponse.js';
import type { CompiledApi, CompiledEndpoint } from './compileApi.js';
import type { CompiledMedia } from './compileResponses.js';
import { bodyOf } from './documentAnswer.js';
import type { SandboxAnswer, SandboxRequest } from './exchange.js';
import type { Negotiated } from './negotiate.js';
import {
  invalidContentType,
  missingExample,
  type PrismViolation,
  prismViolation,
  unauthorized,
  unprocessable,
  violationsError,
} from './prismProblems.js';
import { responseViolations } from './prismResponseCheck.js';
import type { Problem } from './problem.js';
import { headerValues } from './responseHeaders.js';
import type { SecurityRefusal } from './securitySchemes.js';
import { serialise } from './serialise.js';

// The prism dialect's answers (prism-http's mocker and server): to the requests Prism refuses, the
// operation's own response for the refusal when it declares one, else Prism's problem; the model its
// bodies are drawn from; and the violations it reports on the answers it gives.

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
  const negotiated = response.media.choose(accept) ?? undefined;
  const media =
    negotiated?.media ?? response.media.media.find((m) => m.example !== undefined || m.schema !== undefined);
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

/** How Prism lists a request refused by the operation's security. */
export const SECURITY_VIOLATION: PrismViolation = {
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

/** Prism warns of each deprecated query parameter a request sends, and answers it all the same. */
export function deprecatedParameters(endpoint: CompiledEndpoint, request: SandboxRequest): PrismViolation[] {
  return endpoint.request.model.parameters
    .filter((p) => p.deprecated && p.in === 'query' && request.query[p.name] !== undefined)
    .map((p) => {
      const message = `Query param ${p.name} is deprecated`;
      return {
        location: ['request', 'query', p.name],
        severity: 'Warning',
        code: 'deprecated',
        message,
        bare: message,
      };
    });
}

/** Each compiled media type as Prism writes it, made once: a call only picks it. */
const prismWritten = new WeakMap<CompiledMedia, CompiledMedia>();

/** The negotiated media type, written as Prism's server writes it (see Serialisation.prism). */
export function asPrismWrites(
  media: Negotiated<CompiledMedia> | undefined,
): Negotiated<CompiledMedia> | undefined {
  if (!media) return media;
  let written = prismWritten.get(media.media);
  if (!written) {
    written = { ...media.media, serialisation: { ...media.media.serialisation, prism: true } };
    prismWritten.set(media.media, written);
  }
  return { ...media, media: written };
}

/**
 * The model answering as Prism would: its static sampler unless the call is dynamic (by the server's
 * --dynamic or the request's own `dynamic=`), and no examples with --ignoreExamples.
 */
export function prismModel(
  model: ApiModel,
  preferences: Preferences | undefined,
  style: AnswerStyle | undefined,
): ApiModel {
  if (!style?.prism) return model;
  const dynamic = preferences?.dynamic ?? style.dynamic;
  if (!dynamic && !style.ignoreExamples) return model;
  return Object.create(model, {
    sampler: { value: dynamic ? undefined : model.sampler },
    ignoresExamples: { value: style.ignoreExamples },
  });
}

/**
 * A valid call's answer as Prism sends it: what it breaks of the answer's schema, and the deprecated
 * parameters it sent, in sl-violations (request first, as Prism's server lists them); with --errors,
 * a 500 listing the errors in place of the answer. `Deprecation: true` on a deprecated operation's.
 */
export function withViolations(
  api: CompiledApi,
  endpoint: CompiledEndpoint,
  request: SandboxRequest,
  media: Negotiated<CompiledMedia> | undefined,
  answered: SandboxAnswer,
  errorsRefuse: boolean,
): SandboxAnswer {
  const violations = [
    ...deprecatedParameters(endpoint, request),
    ...responseViolations(api, media, answered),
  ];
  const errors = violations.filter((v) => v.severity === 'Error');
  if (errors.length > 0 && errorsRefuse) {
    const refused = violationsError(errors);
    refused.headers = violationsHeader(violations);
    return refused;
  }
  answered.headers = {
    ...answered.headers,
    ...violationsHeader(violations),
    // RFC 9745's header, as Prism sends it on a deprecated operation's answers
    ...(endpoint.deprecated && { deprecation: 'true' }),
  };
  return answered;
}
