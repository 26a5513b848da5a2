import type { CompiledApi, CompiledEndpoint } from '../answer/compileApi.js';
import type { CompiledMedia, CompiledResponse } from '../answer/compileResponses.js';
import type { SandboxRequest } from '../answer/exchange.js';
import { deprecatedParameters, requestViolations, SECURITY_VIOLATION } from '../answer/prismAnswer.js';
import { type PrismViolation, prismViolation } from '../answer/prismProblems.js';
import { bodyViolations } from '../answer/prismResponseCheck.js';
import type { ValueCheck } from '../answer/requestValidator.js';
import { validateRequest } from '../answer/validateRequest.js';
import { coerceText } from '../model/parameterStyles.js';
import type { JsonSchema } from '../model/toJsonSchema.js';
import { mediaKind } from '../shared/mediaTypes.js';
import { PatternBudget, REQUEST_PATTERN_WORK } from '../shared/tenantPattern.js';

// A validating proxy's two checks, as Prism's proxy makes them (prism-http's validator): a request
// against the operation it matches (security, parameters, body), and the upstream's answer against
// the operation's declared responses (status, media type, body schema, headers). No I/O: the caller
// forwards; this only says what each side breaks.

export interface RequestCheck {
  /** The declared operation the request matched, or undefined for an unknown route. */
  operation?: { method: string; path: string; operationId?: string; deprecated?: boolean };
  /** Request violations as Prism lists them (location starts with 'request'). */
  violations: PrismViolation[];
  /** The request failed the operation's security requirement (a proxy with --errors answers 401). */
  securityRefused: boolean;
  /** Prism's WWW-Authenticate challenge for a refused request (`Basic realm="*"`), when it has one. */
  challenge?: string;
  /** Why no operation matched: no declared path, or the path without this method (Prism's 404, 405). */
  unmatched?: 'path' | 'method';
}

export interface UpstreamAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** Bodies beyond this are forwarded unchecked: validating them would hold the proxy's memory and time. */
export const CHECKED_BODY_LIMIT = 1024 * 1024;

const ROUTE_NOT_FOUND: PrismViolation = {
  location: ['request'],
  severity: 'Warning',
  message: 'Selected route not found',
  bare: 'Selected route not found',
};

function matched(api: CompiledApi, request: SandboxRequest) {
  const found = api.router.lookup(request.method, request.path);
  if (found.kind !== 'found')
    return { unmatched: found.kind === 'method-not-allowed' ? 'method' : 'path' } as const;
  const { handler: endpoint, params } = found.match;
  // Prism takes HEAD only where the document declares it
  if (request.method === 'HEAD' && endpoint.method !== 'HEAD') return { unmatched: 'method' } as const;
  return { endpoint, params };
}

/**
 * What a request breaks of the operation it matches, as Prism's proxy lists it: the security
 * requirement first, then parameters and body, then the deprecated parameters it sends (warnings).
 * An unknown route has Prism's one warning.
 */
export async function checkRequest(api: CompiledApi, request: SandboxRequest): Promise<RequestCheck> {
  const route = matched(api, request);
  if (!route.endpoint)
    return { violations: [ROUTE_NOT_FOUND], securityRefused: false, unmatched: route.unmatched };
  const { endpoint, params } = route;
  const { method, path, operationId, deprecated } = endpoint;
  const operation = { method, path, operationId, ...(deprecated && { deprecated }) };
  const violations: PrismViolation[] = [];
  const refused = endpoint.security?.(request, false) ?? null;
  if (refused) violations.push(SECURITY_VIOLATION);
  const checked = await validateRequest(endpoint.request, request, params);
  if ('unsupported' in checked) violations.push(unsupported(checked.unsupported));
  if ('problems' in checked) violations.push(...requestViolations(checked.problems));
  violations.push(...deprecatedParameters(endpoint, request));
  return { operation, violations, securityRefused: refused !== null, challenge: refused?.prismChallenge };
}

function unsupported(declared: string[]): PrismViolation {
  const message = `Supported content types: ${declared.join(',')}`;
  return { location: ['request'], severity: 'Error', code: 415, message, bare: message };
}

/** What the upstream's answer breaks of the matched operation's declared responses (location starts with 'response'). */
export function checkResponse(
  api: CompiledApi,
  request: SandboxRequest,
  answer: UpstreamAnswer,
): PrismViolation[] {
  const route = matched(api, request);
  if (!route.endpoint) return [];
  const { responses } = route.endpoint;
  const declared =
    responses.exact.get(answer.status) ??
    responses.ranges.get(Math.floor(answer.status / 100)) ??
    responses.fallback;
  if (!declared) return [undeclaredStatus(route.endpoint, answer.status)];
  const contentType = headerText(answer.headers['content-type']);
  const contents = declared.media.media;
  return [
    ...(contents.length > 0 ? mediaTypeViolations(contents, contentType) : []),
    ...answerBodyViolations(api, contents, contentType, answer),
    ...headerViolations(api, declared, answer.headers),
  ];
}

const headerText = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(',') : value);

const violation = (
  location: string[],
  severity: PrismViolation['severity'],
  message: string,
  code?: string,
): PrismViolation => ({ location, severity, ...(code !== undefined && { code }), message, bare: message });

/** Prism's: an error for a 2xx the operation does not declare, a warning for any other status. */
function undeclaredStatus(endpoint: CompiledEndpoint, status: number): PrismViolation {
  const codes = endpoint.responses.inOrder.map((r) => r.declaredCode).join(',');
  return violation(
    ['response'],
    status >= 200 && status < 300 ? 'Error' : 'Warning',
    `Unable to match the returned status code with those defined in the document: ${codes}`,
  );
}

interface ParsedType {
  type: string;
  subtype: string;
  parameters: Record<string, string>;
}

/** `application/problem+json; charset=utf-8` as Prism's wildcard match reads it: the suffix is the subtype. */
function parseType(text: string | undefined): ParsedType | undefined {
  if (text === undefined) return undefined;
  const [essence = '', ...rest] = text.split(';');
  const match = /^([^/\s]+)\/(?:(.+)\+)?([^/\s]+)$/.exec(essence.trim().toLowerCase());
  if (!match) return undefined;
  const parameters: Record<string, string> = {};
  for (const p of rest) {
    const eq = p.indexOf('=');
    if (eq > 0)
      parameters[p.slice(0, eq).trim().toLowerCase()] = p
        .slice(eq + 1)
        .trim()
        .replace(/^"(.*)"$/, '$1');
  }
  return { type: match[1], subtype: match[3], parameters };
}

const wildcardMatch = (received: ParsedType, declared: ParsedType) =>
  (received.type === declared.type || declared.type === '*') &&
  (received.subtype === declared.subtype || declared.subtype === '*');

/** The first declared media the received type matches (a declared `*` matches any), as Prism finds it. */
function mediaFor(
  contents: readonly CompiledMedia[],
  contentType: string | undefined,
): CompiledMedia | undefined {
  const received = parseType(contentType);
  if (!received) return undefined;
  return contents.find((c) => {
    const declared = parseType(c.type);
    return declared !== undefined && wildcardMatch(received, declared);
  });
}

/** Prism's: the received type must be one declared, with every parameter the declaration names. */
function mediaTypeViolations(
  contents: readonly CompiledMedia[],
  contentType: string | undefined,
): PrismViolation[] {
  const received = parseType(contentType);
  const fits =
    received !== undefined &&
    contents.some((c) => {
      const declared = parseType(c.type);
      return (
        declared !== undefined &&
        wildcardMatch(received, declared) &&
        Object.entries(declared.parameters).every(([name, value]) => received.parameters[name] === value)
      );
    });
  if (fits) return [];
  const declared = contents.map((c) => c.type).join(', ');
  return [
    violation(
      ['response'],
      'Error',
      `The received media type "${contentType ?? ''}" does not match the one${contents.length > 1 ? 's' : ''} specified in the current response: ${declared}`,
    ),
  ];
}

/**
 * The body against the schema of the media type it came in (else the first declared, as Prism does):
 * JSON parsed, anything else as text. A body past CHECKED_BODY_LIMIT is not parsed: a warning says so.
 */
function answerBodyViolations(
  api: CompiledApi,
  contents: readonly CompiledMedia[],
  contentType: string | undefined,
  answer: UpstreamAnswer,
): PrismViolation[] {
  const media = mediaFor(contents, contentType) ?? contents[0];
  if (media?.schema === undefined || answer.status === 204) return [];
  if (answer.body.length > CHECKED_BODY_LIMIT)
    return [
      violation(
        ['response', 'body'],
        'Warning',
        `Response body of ${answer.body.length} bytes not validated: bodies past ${CHECKED_BODY_LIMIT} bytes are forwarded unchecked`,
        'too-large',
      ),
    ];
  const text = answer.body.toString('utf8');
  if (contentType === undefined || mediaKind(contentType) !== 'json') return bodyViolations(api, media, text);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return [violation(['response', 'body'], 'Error', 'Response body is not valid JSON', 'parse')];
  }
  return bodyViolations(api, media, value);
}

const headerChecks = new WeakMap<
  CompiledResponse,
  { check: ValueCheck; schemas: Record<string, JsonSchema> }
>();

/** The declared headers (required ones present, each value of its schema), read as Prism reads them. */
function headerViolations(
  api: CompiledApi,
  declared: CompiledResponse,
  headers: UpstreamAnswer['headers'],
): PrismViolation[] {
  const entries = Object.entries(declared.declaredHeaders);
  if (entries.length === 0) return [];
  let compiled = headerChecks.get(declared);
  if (!compiled) {
    const schemas: Record<string, JsonSchema> = {};
    const required: string[] = [];
    for (const [name, header] of entries) {
      const lower = name.toLowerCase();
      if (lower === 'content-type') continue;
      schemas[lower] = (header.schema ?? {}) as JsonSchema;
      if (header.required) required.push(lower);
    }
    const schema = { type: 'object', properties: schemas, ...(required.length > 0 && { required }) };
    compiled = { check: api.answerValidator.compileValue(schema as never), schemas };
    headerChecks.set(declared, compiled);
  }
  const values: Record<string, unknown> = {};
  const resolve = api.answerValidator.resolve;
  for (const [name, schema] of Object.entries(compiled.schemas)) {
    const text = headerText(headers[name]);
    if (text !== undefined) values[name] = coerceText(text, schema, resolve);
  }
  return compiled.check(values, new PatternBudget(REQUEST_PATTERN_WORK)).map((problem) => {
    const v = prismViolation(problem, 'Response', 'header');
    return { ...v, location: ['response', ...v.location] };
  });
}
