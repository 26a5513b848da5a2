import { isJsonObject } from '../shared/jsonObjects.js';
import { type JsonSchema, nameOfRef } from './toJsonSchema.js';

// OpenAPI's parameter serialisation (3.1 §4.8.12.4): each `style` writes arrays and objects its own
// way into a path segment, a query string, a header or a cookie. Here they are read back into JSON
// values, coerced by the parameter's schema (`"7"` becomes 7 where an integer is declared), for the
// validator to check like any body. A text that does not parse stays text: the validator says why.

export type Location = 'path' | 'query' | 'header' | 'cookie';

export interface StyledParameter {
  name: string;
  in: Location;
  style: string;
  explode: boolean;
  /** In JSON Schema 2020-12; a reference to a named schema is followed by `resolve`. */
  schema: JsonSchema;
  /** Declared with `content` of a JSON media type: the value is a JSON text. */
  json: boolean;
}

/** Where the request's parameters come from: the query as pairs, headers by lower-case name. */
export interface ParameterSources {
  path: Record<string, string>;
  query: Record<string, string | string[] | undefined>;
  headers: Record<string, string | string[] | undefined>;
  cookies: Record<string, string>;
}

export type Resolve = (name: string) => JsonSchema | undefined;

/** What a schema says a value may be, once references and compositions are looked through. */
interface ValueKinds {
  types: Set<string>;
  properties: Record<string, JsonSchema>;
  items?: JsonSchema;
}

const MAX_LOOK_THROUGH = 8;

export function kindsOf(schema: JsonSchema, resolve: Resolve, depth = 0): ValueKinds {
  const kinds: ValueKinds = { types: new Set(), properties: {} };
  if (!isJsonObject(schema) || depth > MAX_LOOK_THROUGH) return kinds;
  const name = nameOfRef(schema);
  const parts: JsonSchema[] = [];
  if (name !== undefined) {
    const target = resolve(name);
    if (target !== undefined) parts.push(target);
  } else if (typeof schema.$ref === 'string') {
    // a reference the registry resolves on its own (`https://…/schemas/Pet`)
    const target = resolve(decodeURIComponent(schema.$ref.slice(schema.$ref.lastIndexOf('/') + 1)));
    if (target !== undefined) parts.push(target);
  }
  for (const keyword of ['allOf', 'anyOf', 'oneOf']) {
    const list = schema[keyword];
    if (Array.isArray(list)) parts.push(...(list as JsonSchema[]));
  }
  const { type } = schema;
  for (const t of Array.isArray(type) ? type : typeof type === 'string' ? [type] : []) kinds.types.add(t);
  if (isJsonObject(schema.properties)) {
    kinds.types.add('object');
    Object.assign(kinds.properties, schema.properties);
  }
  if (schema.items !== undefined && typeof schema.items !== 'boolean') {
    kinds.types.add('array');
    kinds.items = schema.items as JsonSchema;
  }
  for (const part of parts) {
    const inner = kindsOf(part, resolve, depth + 1);
    for (const t of inner.types) kinds.types.add(t);
    Object.assign(kinds.properties, inner.properties);
    kinds.items ??= inner.items;
  }
  return kinds;
}

const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/** A text in the type its schema asks for, where it reads as one; else the text. */
export function coerceText(text: string, schema: JsonSchema, resolve: Resolve): unknown {
  const { types } = kindsOf(schema, resolve);
  if ((types.has('integer') || types.has('number')) && NUMBER.test(text)) return Number(text);
  if (types.has('boolean') && (text === 'true' || text === 'false')) return text === 'true';
  if (types.has('null') && text === 'null' && !types.has('string')) return null;
  return text;
}

const SEPARATORS: Record<string, string> = { spaceDelimited: ' ', pipeDelimited: '|' };

/**
 * The parameter's value as JSON, or undefined when the request does not carry it. An empty value
 * counts as absent (`?limit=` is no limit; a required parameter sent empty is missing).
 */
export function readParameter(
  parameter: StyledParameter,
  sources: ParameterSources,
  resolve: Resolve,
): { value: unknown } | { message: string } | undefined {
  if (isSpreadObject(parameter, resolve)) {
    const value = spreadObjectOf(parameter, sources.query, resolve);
    return value === undefined ? undefined : { value };
  }
  const raw = rawOf(parameter, sources);
  if (raw === undefined) return undefined;
  if (parameter.json) {
    try {
      return { value: JSON.parse(first(raw)) };
    } catch {
      return { message: 'is not valid JSON' };
    }
  }
  if (first(raw) === '' && !Array.isArray(raw)) return undefined;
  const kinds = kindsOf(parameter.schema, resolve);
  const [isArray, isObject] = [kinds.types.has('array'), kinds.types.has('object')];
  if (isArray && !isObject) return { value: arrayOf(parameter, raw, kinds, resolve) };
  if (isObject && !isArray) return { value: objectOf(parameter, first(raw), kinds, resolve) };
  return { value: coerceText(stripPrefix(parameter, first(raw)), parameter.schema, resolve) };
}

const own = <T>(record: Record<string, T>, key: string): T | undefined =>
  Object.hasOwn(record, key) ? record[key] : undefined;

const first = (raw: string | string[]): string => (Array.isArray(raw) ? (raw[0] ?? '') : raw);

/** The text (or, for a repeated query key, the texts) the parameter is written in. */
function rawOf(parameter: StyledParameter, sources: ParameterSources): string | string[] | undefined {
  const { name } = parameter;
  switch (parameter.in) {
    case 'path':
      return own(sources.path, name);
    case 'header': {
      const value = own(sources.headers, name.toLowerCase());
      return Array.isArray(value) ? value.join(',') : value;
    }
    case 'cookie':
      return own(sources.cookies, name);
    case 'query':
      return own(sources.query, name);
  }
}

/** A path parameter in label (`.x`) or matrix (`;id=x`) style, without what the style puts before it. */
function stripPrefix({ style, name }: StyledParameter, text: string): string {
  if (style === 'label') return text.startsWith('.') ? text.slice(1) : text;
  if (style === 'matrix') return text.startsWith(`;${name}=`) ? text.slice(name.length + 2) : text;
  return text;
}

function arrayOf(
  parameter: StyledParameter,
  raw: string | string[],
  kinds: ValueKinds,
  resolve: Resolve,
): unknown[] {
  const item = (text: string) => (kinds.items === undefined ? text : coerceText(text, kinds.items, resolve));
  const { style, explode, name } = parameter;
  let texts: string[];
  if (Array.isArray(raw)) {
    // a repeated query key is the exploded form; unexploded styles may still repeat the key
    texts = explode ? raw : raw.flatMap((text) => text.split(SEPARATORS[style] ?? ','));
  } else if (style === 'label') {
    texts = stripPrefix(parameter, raw).split(explode ? '.' : ',');
  } else if (style === 'matrix') {
    texts = explode
      ? raw
          .split(';')
          .filter((part) => part.startsWith(`${name}=`))
          .map((part) => part.slice(name.length + 1))
      : stripPrefix(parameter, raw).split(',');
  } else if (parameter.in === 'query' && explode && style === 'form') {
    texts = [raw];
  } else {
    texts = raw.split(SEPARATORS[style] ?? ',');
  }
  return texts.map((text) => item(parameter.in === 'header' ? text.trim() : text));
}

/** An object in a path, a header, a cookie or an unexploded query value: `role,admin` or `role=admin`. */
function objectOf(parameter: StyledParameter, text: string, kinds: ValueKinds, resolve: Resolve): unknown {
  const { style, explode } = parameter;
  const body = stripPrefix(parameter, text);
  const pairs: [string, string][] = [];
  if (explode) {
    const separator = style === 'label' ? '.' : style === 'matrix' ? ';' : ',';
    for (const part of body.split(separator)) {
      const at = part.indexOf('=');
      if (at > 0) pairs.push([part.slice(0, at), part.slice(at + 1)]);
    }
  } else {
    const parts = body.split(SEPARATORS[style] ?? ',');
    // an odd count is no list of pairs: the text goes to the validator as it is
    if (parts.length % 2 === 1) return text;
    for (let i = 0; i < parts.length; i += 2) pairs.push([parts[i], parts[i + 1]]);
  }
  return Object.fromEntries(
    pairs.map(([key, value]) => {
      const schema = own(kinds.properties, key);
      return [key, schema === undefined ? value : coerceText(value, schema, resolve)];
    }),
  );
}

const DEEP_KEY = /^\[([^\]]*)\](.*)$/;

/** `filter[status]=sold&filter[tag][name]=x` as `{ status: "sold", tag: { name: "x" } }`. */
function deepObjectOf(
  parameter: StyledParameter,
  query: ParameterSources['query'],
  resolve: Resolve,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query)) {
    if (!key.startsWith(`${parameter.name}[`) || value === undefined) continue;
    let rest = key.slice(parameter.name.length);
    let target = out;
    let kinds: ValueKinds | undefined = kindsOf(parameter.schema, resolve);
    for (let step = DEEP_KEY.exec(rest); step; step = DEEP_KEY.exec(rest)) {
      const [, field, after] = step;
      const schema: JsonSchema | undefined = kinds && own(kinds.properties, field);
      if (after === '') {
        target[field] = schema === undefined ? first(value) : coerceText(first(value), schema, resolve);
        break;
      }
      const next = own(target, field);
      const inner: Record<string, unknown> = isJsonObject(next) ? next : {};
      target[field] = inner;
      target = inner;
      kinds = schema === undefined ? undefined : kindsOf(schema, resolve);
      rest = after;
    }
  }
  return out;
}

/**
 * An exploded query object (`?role=admin&firstName=Alex` for `{ role, firstName }`) is its declared
 * properties found among the query's keys; a deepObject is the `name[...]` keys.
 */
function spreadObjectOf(
  parameter: StyledParameter,
  query: ParameterSources['query'],
  resolve: Resolve,
): Record<string, unknown> | undefined {
  const found =
    parameter.style === 'deepObject'
      ? deepObjectOf(parameter, query, resolve)
      : Object.fromEntries(
          Object.entries(kindsOf(parameter.schema, resolve).properties).flatMap(([key, schema]) => {
            const value = own(query, key);
            return value === undefined ? [] : [[key, coerceText(first(value), schema, resolve)]];
          }),
        );
  return Object.keys(found).length > 0 ? found : undefined;
}

/** Whether a query parameter is an object spread over the query's keys. */
export function isSpreadObject(parameter: StyledParameter, resolve: Resolve): boolean {
  if (parameter.in !== 'query' || parameter.json) return false;
  const { types } = kindsOf(parameter.schema, resolve);
  if (!types.has('object') || types.has('array')) return false;
  return parameter.style === 'deepObject' || (parameter.explode && parameter.style === 'form');
}

/** `a=1; b=2` as `{ a: "1", b: "2" }` (RFC 6265 §5.4), the first of a repeated name kept. */
export function cookiesOf(header: string | string[] | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  const text = Array.isArray(header) ? header.join('; ') : header;
  if (!text) return cookies;
  for (const part of text.split(';')) {
    const at = part.indexOf('=');
    if (at <= 0) continue;
    const name = part.slice(0, at).trim();
    if (!Object.hasOwn(cookies, name)) cookies[name] = part.slice(at + 1).trim();
  }
  return cookies;
}
