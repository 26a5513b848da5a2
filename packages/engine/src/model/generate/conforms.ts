import { schemaNameOfRef } from '@sandbox/contracts';
import { isJsonObject } from '../../shared/jsonObjects.js';
import {
  compileTenantPattern,
  PatternBudget,
  REQUEST_PATTERN_WORK,
  type TenantPattern,
} from '../../shared/tenantPattern.js';
import type { JsonSchema } from '../toJsonSchema.js';

// Whether a value meets a schema, for the generator's own choices: which `oneOf` alternative a value
// matches, which `enum` members fit the rest of the schema, whether a document's example may be sent.
// A pattern the linear engine cannot run is not met, so a doubtful example is generated over rather
// than sent; an unknown format passes, as it does in the sandbox's validator.

type Json = Record<string, unknown>;
/** A named schema by its name; inside the generator, also a local pointer (`#/paths/...`) by itself. */
export type Resolve = (name: string) => JsonSchema | undefined;

/** What checking may still cost: values visited, and the linear engine's work on patterns. */
export interface Checking {
  resolve: Resolve;
  left: number;
  patterns: PatternBudget;
}

const COMBINATORS = ['allOf', 'anyOf', 'oneOf'] as const;
const COMPONENT = /^#\/(?:components\/schemas|definitions|\$defs)\/(.+)$/;
const MAX_DEPTH = 64;

/**
 * Pattern work for one generated value: five requests' worth (about 100 ms on the most hostile pattern),
 * since a value may test many candidates against many patterns.
 */
const GENERATION_PATTERN_WORK = 5 * REQUEST_PATTERN_WORK;

/** Schema nodes one value's checks may visit: a large answer and its oneOf alternatives, a few ms. */
const CHECKED_NODES = 100_000;

export function checking(resolve: Resolve, left = CHECKED_NODES): Checking {
  return { resolve, left, patterns: new PatternBudget(GENERATION_PATTERN_WORK) };
}

/**
 * The named schema a reference reaches whole, by the name the generator follows it under: the
 * model's (schemaRef) or, in a self-contained schema, its `$defs` entry's.
 */
export function nameOfTarget(ref: string): string {
  return schemaNameOfRef(ref) ?? unescapePointer(ref.slice(ref.lastIndexOf('/') + 1));
}

/**
 * The schema a reference points at: a named schema, or a place inside one
 * (`#/components/schemas/Pet/properties/tag`); undefined when it is not in the document's schemas.
 */
export function resolveRef(ref: string, resolve: Resolve): JsonSchema | undefined {
  const path = COMPONENT.exec(ref)?.[1];
  // elsewhere in the document (`#/paths/...`): the generator's resolver is asked for the pointer itself
  if (path === undefined) return ref.startsWith('#/') ? resolve(ref) : undefined;
  const [name, ...rest] = path.split('/').map(unescapePointer);
  let at: unknown = resolve(name);
  for (const segment of rest) {
    if (Array.isArray(at)) at = at[Number(segment)];
    else if (isJsonObject(at) && Object.hasOwn(at, segment)) at = at[segment];
    else return undefined;
  }
  return typeof at === 'boolean' || isJsonObject(at) ? (at as JsonSchema) : undefined;
}

function unescapePointer(segment: string): string {
  let decoded = segment;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    // a lone % is a character of the name
  }
  return decoded.replace(/~1/g, '/').replace(/~0/g, '~');
}

export function conforms(value: unknown, schema: JsonSchema, check: Checking, depth = 0): boolean {
  if (schema === true) return true;
  if (schema === false || !isJsonObject(schema)) return false;
  if (--check.left < 0 || depth > MAX_DEPTH) return false;
  const s = schema as Json;
  if (typeof s.$ref === 'string') {
    const target = resolveRef(s.$ref, check.resolve);
    if (target === undefined || !conforms(value, target, check, depth + 1)) return false;
  }
  if ('const' in s && !deepEqual(value, s.const)) return false;
  if (Array.isArray(s.enum) && !s.enum.some((member) => deepEqual(value, member))) return false;
  if (s.type !== undefined && !typeMatches(value, s.type)) return false;
  for (const key of COMBINATORS) {
    const parts = s[key];
    if (!Array.isArray(parts)) continue;
    const matching =
      key === 'allOf' ? parts.every((p) => conforms(value, p as JsonSchema, check, depth + 1)) : undefined;
    if (matching === false) return false;
    if (key === 'anyOf' && !parts.some((p) => conforms(value, p as JsonSchema, check, depth + 1)))
      return false;
    if (
      key === 'oneOf' &&
      parts.filter((p) => conforms(value, p as JsonSchema, check, depth + 1)).length !== 1
    )
      return false;
  }
  if (s.not !== undefined && conforms(value, s.not as JsonSchema, check, depth + 1)) return false;
  if (s.if !== undefined) {
    const branch = conforms(value, s.if as JsonSchema, check, depth + 1) ? s.then : s.else;
    if (branch !== undefined && !conforms(value, branch as JsonSchema, check, depth + 1)) return false;
  }
  if (typeof value === 'number') return numberConforms(value, s);
  if (typeof value === 'string') return stringConforms(value, s, check);
  if (Array.isArray(value)) return arrayConforms(value, s, check, depth);
  if (isJsonObject(value)) return objectConforms(value, s, check, depth);
  return true;
}

function typeMatches(value: unknown, type: unknown): boolean {
  return Array.isArray(type) ? type.some((t) => isOfType(value, t)) : isOfType(value, type);
}

function isOfType(value: unknown, type: unknown): boolean {
  switch (type) {
    case 'null':
      return value === null;
    case 'boolean':
      return typeof value === 'boolean';
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isJsonObject(value);
    default:
      return false;
  }
}

const num = (value: unknown) => (typeof value === 'number' ? value : undefined);

/** Ajv's own test: the quotient is an integer. */
export function isMultipleOf(value: number, divisor: number): boolean {
  const quotient = value / divisor;
  return divisor !== 0 && quotient === Number.parseInt(String(quotient), 10);
}

function numberConforms(value: number, s: Json): boolean {
  const min = num(s.minimum);
  const max = num(s.maximum);
  const xmin = num(s.exclusiveMinimum);
  const xmax = num(s.exclusiveMaximum);
  const step = num(s.multipleOf);
  if (min !== undefined && value < min) return false;
  if (max !== undefined && value > max) return false;
  if (xmin !== undefined && value <= xmin) return false;
  if (xmax !== undefined && value >= xmax) return false;
  if (step !== undefined && !isMultipleOf(value, step)) return false;
  if (s.format === 'int32' && (!Number.isInteger(value) || value < -(2 ** 31) || value >= 2 ** 31))
    return false;
  if (s.format === 'int64' && !Number.isSafeInteger(value)) return false;
  return true;
}

function stringConforms(value: string, s: Json, check: Checking): boolean {
  const min = num(s.minLength);
  const max = num(s.maxLength);
  if (min !== undefined || max !== undefined) {
    const length = codePoints(value);
    if (min !== undefined && length < min) return false;
    if (max !== undefined && length > max) return false;
  }
  if (typeof s.pattern === 'string' && !matchesPattern(value, s.pattern, check)) return false;
  if (typeof s.format === 'string' && FORMATS[s.format] && !FORMATS[s.format](value)) return false;
  return true;
}

/** JSON Schema's length: code points, so a surrogate pair counts once. */
function codePoints(text: string): number {
  let length = text.length;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        length--;
        i++;
      }
    }
  }
  return length;
}

const compiled = new Map<string, TenantPattern | null>();

function compile(source: string): TenantPattern | null {
  let pattern = compiled.get(source);
  if (pattern === undefined) {
    const result = compileTenantPattern(source);
    pattern = 'pattern' in result ? result.pattern : null;
    if (compiled.size > 500) compiled.clear();
    compiled.set(source, pattern);
  }
  return pattern;
}

/** Whether the linear engine runs this pattern (the sandbox enforces only those). */
export const canCheckPattern = (source: string) => compile(source) !== null;

/** A tenant's pattern on the linear engine; one it cannot run is not met. */
export function matchesPattern(value: string, source: string, check: Checking): boolean {
  return compile(source)?.test(value, check.patterns) === true;
}

function arrayConforms(value: unknown[], s: Json, check: Checking, depth: number): boolean {
  const min = num(s.minItems);
  const max = num(s.maxItems);
  if (min !== undefined && value.length < min) return false;
  if (max !== undefined && value.length > max) return false;
  const prefix = Array.isArray(s.prefixItems) ? s.prefixItems : [];
  for (let i = 0; i < value.length; i++) {
    const itemSchema = i < prefix.length ? prefix[i] : s.items;
    if (itemSchema !== undefined && !conforms(value[i], itemSchema as JsonSchema, check, depth + 1))
      return false;
  }
  if (s.uniqueItems === true) {
    for (let i = 0; i < value.length; i++)
      for (let j = i + 1; j < value.length; j++) if (deepEqual(value[i], value[j])) return false;
  }
  if (s.contains !== undefined) {
    const count = value.filter((item) => conforms(item, s.contains as JsonSchema, check, depth + 1)).length;
    if (count < (num(s.minContains) ?? 1)) return false;
    if (count > (num(s.maxContains) ?? Number.POSITIVE_INFINITY)) return false;
  }
  if (s.unevaluatedItems === false && s.items === undefined && value.length > prefix.length) return false;
  return true;
}

const NO_PROPERTIES: Json = Object.freeze({});
const NO_PATTERNS: [string, unknown][] = [];

function objectConforms(value: Json, s: Json, check: Checking, depth: number): boolean {
  const keys = Object.keys(value);
  const min = num(s.minProperties);
  const max = num(s.maxProperties);
  if (min !== undefined && keys.length < min) return false;
  if (max !== undefined && keys.length > max) return false;
  if (Array.isArray(s.required) && s.required.some((key) => !(key in value))) return false;
  const properties = isJsonObject(s.properties) ? s.properties : NO_PROPERTIES;
  const patterns = isJsonObject(s.patternProperties) ? Object.entries(s.patternProperties) : NO_PATTERNS;
  for (const key of keys) {
    let evaluated = false;
    if (Object.hasOwn(properties, key)) {
      evaluated = true;
      if (!conforms(value[key], properties[key] as JsonSchema, check, depth + 1)) return false;
    }
    for (const [pattern, schema] of patterns) {
      if (!matchesPattern(key, pattern, check)) continue;
      evaluated = true;
      if (!conforms(value[key], schema as JsonSchema, check, depth + 1)) return false;
    }
    if (!evaluated && s.additionalProperties !== undefined) {
      if (!conforms(value[key], s.additionalProperties as JsonSchema, check, depth + 1)) return false;
    }
    if (s.propertyNames !== undefined && !conforms(key, s.propertyNames as JsonSchema, check, depth + 1))
      return false;
  }
  if (isJsonObject(s.dependentRequired)) {
    for (const [key, needed] of Object.entries(s.dependentRequired))
      if (key in value && Array.isArray(needed) && needed.some((n) => !(n in value))) return false;
  }
  if (isJsonObject(s.dependentSchemas)) {
    for (const [key, schema] of Object.entries(s.dependentSchemas))
      if (key in value && !conforms(value, schema as JsonSchema, check, depth + 1)) return false;
  }
  if (s.unevaluatedProperties === false) {
    const known = evaluatedNames(s, check.resolve, 0);
    if (keys.some((key) => !known.has(key) && !patterns.some(([p]) => matchesPattern(key, p, check))))
      return false;
  }
  return true;
}

/** Property names a schema and its in-place parts name: what `unevaluatedProperties` lets through. */
function evaluatedNames(s: unknown, resolve: Resolve, depth: number, out = new Set<string>()): Set<string> {
  if (!isJsonObject(s) || depth > 16) return out;
  if (isJsonObject(s.properties)) for (const key of Object.keys(s.properties)) out.add(key);
  if (typeof s.$ref === 'string') evaluatedNames(resolveRef(s.$ref, resolve), resolve, depth + 1, out);
  for (const key of COMBINATORS)
    if (Array.isArray(s[key]))
      for (const part of s[key] as unknown[]) evaluatedNames(part, resolve, depth + 1, out);
  for (const key of ['then', 'else', 'if']) evaluatedNames(s[key], resolve, depth + 1, out);
  return out;
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((x, i) => deepEqual(x, b[i]));
  const [x, y] = [a as Json, b as Json];
  const keys = Object.keys(x);
  return (
    keys.length === Object.keys(y).length && keys.every((k) => Object.hasOwn(y, k) && deepEqual(x[k], y[k]))
  );
}

// Fixed expressions of our own (never a tenant's), as strict as ajv-formats' full mode.
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d:([0-5]\d|60)(\.\d+)?(z|[+-]([01]\d|2[0-3]):?[0-5]\d)$/i;
function validDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return month >= 1 && month <= 12 && day >= 1 && day <= (days ?? 0);
}
const HOSTNAME =
  /^(?=.{1,253}\.?$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[-0-9a-z]{0,61}[0-9a-z])?)*\.?$/i;
const FORMATS: Record<string, (text: string) => boolean> = {
  date: validDate,
  time: (t) => TIME.test(t),
  'date-time': (t) => /^.{10}[t\s]/i.test(t) && validDate(t.slice(0, 10)) && TIME.test(t.slice(11)),
  email: (t) =>
    /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i.test(
      t,
    ),
  uuid: (t) => /^(?:urn:uuid:)?[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/i.test(t),
  uri: (t) => /^[a-z][a-z0-9+.-]*:[^\s"<>\\^`{|}]*$/i.test(t),
  url: (t) => /^https?:\/\/[^\s"<>\\^`{|}]+$/i.test(t),
  'uri-reference': (t) => /^[^\s"<>\\^`{|}]*$/.test(t),
  hostname: (t) => HOSTNAME.test(t),
  ipv4: (t) => /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/.test(t),
  ipv6: (t) => /^[0-9a-f:]+$/i.test(t) && t.includes(':') && t.length <= 39,
  byte: (t) => t.length % 4 === 0 && /^(?:[a-z0-9+/]{4})*(?:[a-z0-9+/]{2}==|[a-z0-9+/]{3}=)?$/i.test(t),
  duration: (t) => /^P(?!$)(\d+Y)?(\d+M)?(\d+W)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+S)?)?$/.test(t),
  'json-pointer': (t) => /^(?:\/(?:[^~/]|~0|~1)*)*$/.test(t),
  'relative-json-pointer': (t) => /^(?:0|[1-9][0-9]*)(?:#|(?:\/(?:[^~/]|~0|~1)*)*)$/.test(t),
  regex: (t) => compileTenantPattern(t) && !('refusal' in compileTenantPattern(t)),
};
