import type { ErrorObject } from 'ajv';
import type { SandboxAnswer } from './exchange.js';
import { prismWordingOf } from './prismFormEncoding.js';
import { ajvErrorOf, type Problem } from './problem.js';

// Prism's own answers (prism-http's errors.ts and mocker), word for word: scripts written against
// Prism match on their `type` and `title`.

const PRISM_ERRORS = 'https://stoplight.io/prism/errors#';
const PROBLEM_JSON = 'application/problem+json';

/** A violation as Prism lists it in a 422, a 500 of `--errors` and the `sl-violations` header. */
export interface PrismViolation {
  location: string[];
  severity: 'Error' | 'Warning';
  /** Absent where Prism gives none (an unknown route's warning, an undeclared status, reserved characters). */
  code?: string | number;
  /** As a 422's or a 500's body words it: `Request body property id must be integer`. */
  message: string;
  /** As sl-violations words it: Ajv's message alone, `must be integer`. */
  bare: string;
}

/** A violation as a problem's `validation` lists it. */
export const listed = ({ location, severity, code, message }: PrismViolation) => ({
  location,
  severity,
  code,
  message,
});

export function prismProblem(
  type: string,
  title: string,
  status: number,
  detail: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): SandboxAnswer {
  return {
    status,
    headers,
    contentType: PROBLEM_JSON,
    body: { type: `${PRISM_ERRORS}${type}`, title, status, detail, ...extra },
    source: 'problem',
  };
}

export const noPathMatched = (path: string) =>
  prismProblem(
    'NO_PATH_MATCHED_ERROR',
    'Route not resolved, no path matched',
    404,
    `The route ${path} hasn't been found in the specification file`,
  );

export const noMethodMatched = (path: string, method: string) =>
  prismProblem(
    'NO_METHOD_MATCHED_ERROR',
    'Route resolved, but no method matched',
    405,
    `The route ${path} has been matched, but it does not have "${method.toLowerCase()}" method defined`,
  );

export const unprocessable = (violations: PrismViolation[]) =>
  prismProblem(
    'UNPROCESSABLE_ENTITY',
    'Invalid request',
    422,
    'Your request is not valid and no HTTP validation response was found in the spec, so Prism is generating this error for you.',
    { validation: violations.map(listed) },
  );

export const unauthorized = (challenge: string | undefined) =>
  prismProblem(
    'UNAUTHORIZED',
    'Invalid security scheme used',
    401,
    'Your request does not fullfil the security requirements and no HTTP unauthorized response was found in the spec, so Prism is generating this error for you.',
    challenge ? { headers: { 'WWW-Authenticate': challenge } } : {},
    challenge ? { 'www-authenticate': challenge } : {},
  );

export const notAcceptable = (accept: string) =>
  prismProblem(
    'NOT_ACCEPTABLE',
    'The server cannot produce a representation for your accept header',
    406,
    `Unable to find content for ${accept}`,
  );

export const invalidContentType = (detail: string) =>
  prismProblem('INVALID_CONTENT_TYPE', 'Invalid content type', 415, detail);

export const violationsError = (violations: PrismViolation[]) =>
  prismProblem(
    'VIOLATIONS',
    'Request/Response not valid',
    500,
    'Your request/response is not valid and the --errors flag is set, so Prism is generating this error for you.',
    { validation: violations.map(listed) },
  );

const PLACE_NOUNS: Record<string, string> = {
  body: 'property',
  query: 'parameter',
  path: 'parameter',
  header: 'parameter',
  cookie: 'parameter',
};

/**
 * A problem as Prism words it: Ajv's own message after the place, `Request body property id must be
 * integer`. `side` is `Request` or `Response`; a response's problem is in its body unless `place` says
 * otherwise (`header`).
 */
export function prismViolation(
  problem: Problem,
  side: 'Request' | 'Response',
  place: 'body' | 'header' = 'body',
): PrismViolation {
  const error = ajvErrorOf.get(problem);
  const worded = prismWordingOf.get(problem);
  if (worded) {
    const location = problem.location.split('.').filter(Boolean);
    return { location, severity: 'Error', code: worded.code, message: worded.message, bare: worded.message };
  }
  if (!error) {
    const location = problem.location.split('.').filter(Boolean);
    return {
      location,
      severity: 'Error',
      code: 'invalid',
      message: `${side} ${problem.location} ${problem.message}`,
      bare: problem.message,
    };
  }
  const location = error.instancePath
    .split('/')
    .slice(1)
    .map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'));
  const [at = 'body', ...rest] = side === 'Response' ? [place, ...location] : location;
  const noun = PLACE_NOUNS[at] ?? 'property';
  const where = rest.length > 0 ? `${side} ${at} ${noun} ${rest.join('.')}` : `${side} ${at}`;
  return {
    location: [at, ...rest],
    severity: 'Error',
    code: error.keyword,
    message: `${where} ${ajvMessage(error)}`,
    bare: ajvMessage(error),
  };
}

/** Ajv's message, with the allowed values of an enum listed as Prism's Ajv does. */
function ajvMessage(error: ErrorObject): string {
  if (error.keyword === 'enum')
    return `must be equal to one of the allowed values: ${(error.params.allowedValues as unknown[]).join(', ')}`;
  return error.message ?? 'is not valid';
}

export const notFound = (detail: string) =>
  prismProblem('NOT_FOUND', 'The server cannot find the requested content', 404, detail);

export const noComplexObjectText = () =>
  prismProblem(
    'NO_COMPLEX_OBJECT_TEXT',
    'Cannot serialise complex objects as text',
    500,
    'Cannot serialise complex objects as text',
  );

export const missingExample = (contentType: string, key: string) =>
  notFound(`Response for contentType: ${contentType} and exampleKey: ${key} does not exist.`);
