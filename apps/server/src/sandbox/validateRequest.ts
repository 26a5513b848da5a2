import type { CompiledEndpoint, CompiledParameter } from './compileApi.js';
import type { Schemas } from './shapes.js';
import { PatternBudget, REQUEST_PATTERN_WORK } from './tenantPattern.js';
import { coerceParameter, type Problem, type Validation, validateValue } from './validateValue.js';

interface Incoming {
  query: Record<string, string | string[] | undefined>;
  headers: Record<string, string | string[] | undefined>;
  rawBody: string | undefined;
}

function rawValueOf(
  p: CompiledParameter,
  incoming: Incoming,
  params: Record<string, string>,
): string | undefined {
  const source = p.location === 'path' ? params : p.location === 'query' ? incoming.query : incoming.headers;
  const value = source[p.name];
  return Array.isArray(value) ? value.join(',') : value;
}

/** Checks path, query and header parameters and the JSON body; every problem is reported with its place. */
export function validateRequest(
  endpoint: CompiledEndpoint,
  schemas: Schemas,
  incoming: Incoming,
  params: Record<string, string>,
): { body: unknown } | { problems: Problem[] } {
  const problems: Problem[] = [];
  // one budget for the whole request: many parameters and body strings cannot add up past it
  const validation: Validation = { schemas, problems, patterns: new PatternBudget(REQUEST_PATTERN_WORK) };
  for (const p of endpoint.parameters) {
    const location = `${p.location}.${p.name}`;
    const raw = rawValueOf(p, incoming, params);
    if (raw === undefined || raw === '') {
      if (p.required) problems.push({ location, message: 'is required' });
      continue;
    }
    const coerced = coerceParameter(raw, p.shape);
    if ('message' in coerced) problems.push({ location, message: coerced.message });
    else validateValue(coerced.value, p.shape, location, validation);
  }

  let body: unknown;
  const text = incoming.rawBody ?? '';
  if (endpoint.body?.json && text.trim() !== '') {
    try {
      body = JSON.parse(text);
    } catch {
      problems.push({ location: 'body', message: 'is not valid JSON' });
      return { problems };
    }
    if (endpoint.body.shape) validateValue(body, endpoint.body.shape, 'body', validation);
  } else if (endpoint.body?.required && text.trim() === '') {
    problems.push({ location: 'body', message: 'is required' });
  } else if (text !== '') {
    body = text;
  }
  return problems.length ? { problems } : { body };
}
