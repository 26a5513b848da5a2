// A valid request to one operation, built from the document alone: its examples where they validate,
// else openapi-sampler's value; every value checked by the harness's own Ajv before it is sent, so that a
// refusal is the sandbox's doing. Parameters are written per their style and explode.

import type { ErrorObject } from 'ajv';
import { JSONSchemaFaker } from 'json-schema-faker';
import { sample } from 'openapi-sampler';
import {
  type CorpusDocument,
  discriminatorValues,
  type Json,
  type MediaType,
  type Operation,
  type Parameter,
  type SchemaAt,
} from './corpusDocuments.js';
import type { SchemaCheck } from './documentSchemas.js';

export interface BuiltRequest {
  method: string;
  /** After the API's base URL: the path with its parameters written in, and the query. */
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** For failure messages: what was sent, readably. */
  shown: string;
  /** The values the harness chose, by place (`query.limit`, `body`). */
  values: Map<string, unknown>;
}

export class CannotBuild extends Error {}

/** The schema admits no value at all (`allOf` of types that share none): only a refusal is right. */
export class NoValueExists extends CannotBuild {
  constructor(
    message: string,
    readonly place: string,
    readonly candidate: unknown,
  ) {
    super(message);
  }
}

const TYPES = ['null', 'boolean', 'object', 'array', 'number', 'string', 'integer'];

function typesOf(schema: Json): Set<string> {
  const declared = schema?.type === undefined ? TYPES : [schema.type].flat();
  const types = new Set<string>(declared);
  if (types.has('number')) types.add('integer');
  return types;
}

function admitsNoValue(doc: Json, schema: Json): boolean {
  const resolved = resolveSchema(doc, schema);
  let types = typesOf(resolved);
  for (const branch of resolved?.allOf ?? []) {
    const theirs = typesOf(resolveSchema(doc, branch));
    types = new Set([...types].filter((t) => theirs.has(t)));
  }
  return types.size === 0;
}

/** The first candidate that validates: the document's examples, then the sampler's values. */
export function valueFor(
  corpus: CorpusDocument,
  schemas: SchemaCheck,
  at: SchemaAt,
  examples: unknown[],
  place: string,
): unknown {
  const candidates: unknown[] = [...examples];
  const resolvedDefault = at.schema?.default;
  if (resolvedDefault !== undefined) candidates.push(resolvedDefault);
  // the sampler takes a oneOf's first branch, which may match the others too: each branch alone is
  // sampled as well, with and without its optional properties
  const resolved = resolveSchema(corpus.doc, at.schema);
  const { oneOf, anyOf, ...rest } = resolved ?? {};
  const branches = [...(oneOf ?? []), ...(anyOf ?? [])].map((branch: Json) => ({
    ...rest,
    allOf: [...(rest.allOf ?? []), branch],
  }));
  const told = discriminatorValues(resolved);
  for (const [i, schema] of [at.schema, ...branches].entries()) {
    for (const options of [{}, { skipNonRequired: true }, { enablePatterns: true }]) {
      try {
        const value = sample(schema, { skipReadOnly: true, quiet: true, ...options }, corpus.doc);
        // a branch's value carries the discriminator value that names its branch
        if (told && i > 0 && value && typeof value === 'object')
          (value as Json)[told.tag] = told.values[i - 1][0];
        candidates.push(value);
      } catch {
        // the sampler cannot read this schema: the other candidates are all there is
      }
    }
  }
  // a oneOf whose branches all admit the same object (no required property tells them apart): a
  // branch's value plus, for each other branch, one of its own properties of the wrong type
  for (const [i, branch] of (oneOf ?? []).entries()) {
    const ownProperties = propertiesOf(corpus.doc, branch);
    let value: unknown;
    try {
      value = sample(branches[i], { skipReadOnly: true, quiet: true, skipNonRequired: true }, corpus.doc);
    } catch {
      continue;
    }
    if (!value || typeof value !== 'object' || Array.isArray(value)) continue;
    const poisoned: Record<string, unknown> = { ...(value as object) };
    for (const [j, other] of (oneOf ?? []).entries()) {
      if (j === i) continue;
      const properties = propertiesOf(corpus.doc, other);
      const foreign = Object.keys(properties).find((name) => !(name in ownProperties) && !(name in poisoned));
      if (foreign)
        poisoned[foreign] =
          resolveSchema(corpus.doc, properties[foreign])?.type === 'string' ? 12345 : 'corpus';
    }
    candidates.push(poisoned);
  }
  let first: { candidate: unknown; problems: string[] } | undefined;
  for (const candidate of candidates) {
    if (candidate === undefined) continue;
    const problems = schemas.check('request', at, candidate);
    if (problems.length === 0) return candidate;
    first ??= { candidate, problems };
  }
  // last, each candidate mended where Ajv points: a required property the schema never describes, a
  // value of the wrong type or outside its enum
  for (const candidate of candidates) {
    if (candidate === undefined) continue;
    let mended: unknown = structuredClone(candidate);
    for (let round = 0; round < 4; round++) {
      if (schemas.check('request', at, mended).length === 0) return mended;
      mended = mend(mended, schemas.errors('request', at, mended));
    }
  }
  if (admitsNoValue(corpus.doc, at.schema))
    throw new NoValueExists(`the schema of ${place} admits no value`, place, first?.candidate);
  throw new CannotBuild(
    `harness: no valid value for ${place} among ${candidates.length} candidates; the first, ${JSON.stringify(first?.candidate ?? null)?.slice(0, 200)}: ${first?.problems.join('; ')}`,
  );
}

const enc = (text: string, allowReserved = false) =>
  allowReserved
    ? encodeURI(text).replaceAll('&', '%26').replaceAll('=', '%3D').replaceAll('#', '%23')
    : encodeURIComponent(text);

const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** Path and header (`simple`), label and matrix: the parameter's part of the path, or the header's value. */
export function pathValue(p: Parameter, value: unknown): string {
  const e = (v: unknown) => (p.in === 'header' ? text(v) : enc(text(v)));
  const entries = (o: object) => Object.entries(o);
  switch (p.style) {
    case 'label': {
      if (Array.isArray(value)) return `.${value.map(e).join(p.explode ? '.' : ',')}`;
      if (value && typeof value === 'object')
        return p.explode
          ? entries(value)
              .map(([k, v]) => `.${enc(k)}=${e(v)}`)
              .join('')
          : `.${entries(value)
              .map(([k, v]) => `${enc(k)},${e(v)}`)
              .join(',')}`;
      return `.${e(value)}`;
    }
    case 'matrix': {
      const name = enc(p.name);
      if (Array.isArray(value))
        return p.explode
          ? value.map((v) => `;${name}=${e(v)}`).join('')
          : `;${name}=${value.map(e).join(',')}`;
      if (value && typeof value === 'object')
        return p.explode
          ? entries(value)
              .map(([k, v]) => `;${enc(k)}=${e(v)}`)
              .join('')
          : `;${name}=${entries(value)
              .map(([k, v]) => `${enc(k)},${e(v)}`)
              .join(',')}`;
      return `;${name}=${e(value)}`;
    }
    default: {
      if (Array.isArray(value)) return value.map(e).join(',');
      if (value && typeof value === 'object')
        return entries(value)
          .map(([k, v]) => (p.explode ? `${enc(k)}=${e(v)}` : `${enc(k)},${e(v)}`))
          .join(',');
      return e(value);
    }
  }
}

/** A query parameter as `name=value` pairs, already encoded, per form, spaceDelimited, pipeDelimited or deepObject. */
export function queryPairs(p: Parameter, value: unknown): string[] {
  const name = enc(p.name);
  const e = (v: unknown) => enc(text(v), p.allowReserved);
  if (Array.isArray(value)) {
    if (p.explode) return value.map((v) => `${name}=${e(v)}`);
    const delimiter = { spaceDelimited: '%20', pipeDelimited: '|', tabDelimited: '%09' }[p.style] ?? ',';
    return [`${name}=${value.map(e).join(delimiter)}`];
  }
  if (value && typeof value === 'object') {
    const entries = Object.entries(value);
    if (p.style === 'deepObject') return entries.map(([k, v]) => `${name}[${enc(k)}]=${e(v)}`);
    if (p.explode) return entries.map(([k, v]) => `${enc(k)}=${e(v)}`);
    const delimiter = { spaceDelimited: '%20', pipeDelimited: '|' }[p.style] ?? ',';
    return [`${name}=${entries.map(([k, v]) => `${enc(k)}${delimiter}${e(v)}`).join(delimiter)}`];
  }
  return [`${name}=${e(value)}`];
}

function cookieValue(p: Parameter, value: unknown): string {
  if (Array.isArray(value)) return `${p.name}=${value.map(text).join(',')}`;
  if (value && typeof value === 'object')
    return `${p.name}=${Object.entries(value)
      .map(([k, v]) => `${k},${text(v)}`)
      .join(',')}`;
  return `${p.name}=${text(value)}`;
}

// Which media type a client picks when an operation offers several: JSON first, then forms, then the rest.
const MEDIA_ORDER = [
  /^application\/(?:[\w.+-]*\+)?json\b/i,
  /^application\/x-www-form-urlencoded\b/i,
  /^multipart\/form-data\b/i,
  /^text\/plain\b/i,
  /xml/i,
];

export function preferredMedia(media: MediaType[]): MediaType | undefined {
  const rank = (m: MediaType) => {
    const i = MEDIA_ORDER.findIndex((r) => r.test(m.type));
    return i < 0 ? MEDIA_ORDER.length : i;
  };
  return [...media].sort((a, b) => rank(a) - rank(b))[0];
}

/** The concrete Content-Type a client sends for a declared media type (a wildcard becomes JSON). */
function concreteType(type: string): string {
  if (type === '*/*' || type === 'application/*') return 'application/json';
  if (type.endsWith('/*')) return `${type.slice(0, -1)}plain`;
  return type;
}

const isBinary = (schema: Json) =>
  schema &&
  (schema.format === 'binary' ||
    schema.format === 'base64' ||
    schema['x-file'] === true ||
    schema.type === 'file');

/** A body written as its media type says: JSON, a URL-encoded form, a multipart form, text or XML. */
export async function bodyBytes(
  media: MediaType,
  value: unknown,
  doc: Json,
): Promise<{ body: Buffer; contentType: string }> {
  const type = concreteType(media.type);
  if (/json/i.test(type)) return { body: Buffer.from(JSON.stringify(value)), contentType: type };
  if (/x-www-form-urlencoded/i.test(type)) {
    // each property as a query parameter of its `encoding` (form, exploded, unless it says otherwise)
    const pairs: string[] = [];
    for (const [k, v] of Object.entries((value ?? {}) as object)) {
      const encoding = media.encoding?.[k] ?? {};
      const style = encoding.style ?? 'form';
      pairs.push(
        ...queryPairs(
          {
            name: k,
            in: 'query',
            required: false,
            style,
            explode: encoding.explode ?? style === 'form',
            allowReserved: encoding.allowReserved === true,
            schema: { schema: {} },
            examples: [],
          },
          v,
        ),
      );
    }
    return { body: Buffer.from(pairs.join('&')), contentType: type };
  }
  if (/multipart\//i.test(type)) {
    // each property a part: a file's bytes, an object or array item as JSON (OpenAPI's default), else text
    const boundary = 'corpus-boundary-7d1f2c';
    const properties = propertiesOf(doc, media.schema?.schema);
    const parts: string[] = [];
    for (const [k, v] of Object.entries((value ?? {}) as object)) {
      const property = resolveSchema(doc, properties[k]);
      const binary = isBinary(property) || isBinary(resolveSchema(doc, property?.items));
      for (const item of Array.isArray(v) && property?.type === 'array' ? v : [v]) {
        const head = binary
          ? `Content-Disposition: form-data; name="${k}"; filename="${k}.bin"\r\nContent-Type: application/octet-stream`
          : item && typeof item === 'object'
            ? `Content-Disposition: form-data; name="${k}"\r\nContent-Type: application/json`
            : `Content-Disposition: form-data; name="${k}"`;
        parts.push(`--${boundary}\r\n${head}\r\n\r\n${text(item)}\r\n`);
      }
    }
    return {
      body: Buffer.from(`${parts.join('')}--${boundary}--\r\n`),
      contentType: `${type}; boundary=${boundary}`,
    };
  }
  if (/xml/i.test(type))
    return {
      body: Buffer.from(toXml(resolveSchema(doc, media.schema?.schema)?.xml?.name ?? 'root', value)),
      contentType: type,
    };
  if (/^text\//i.test(type)) return { body: Buffer.from(text(value ?? '')), contentType: type };
  return { body: Buffer.from(typeof value === 'string' ? value : 'corpus'), contentType: type };
}

function toXml(name: string, value: unknown): string {
  if (Array.isArray(value)) return value.map((v) => toXml(name, v)).join('');
  if (value && typeof value === 'object')
    return `<${name}>${Object.entries(value)
      .map(([k, v]) => toXml(k, v))
      .join('')}</${name}>`;
  return `<${name}>${String(value ?? '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')}</${name}>`;
}

function mend(value: unknown, errors: ErrorObject[]): unknown {
  const root = { value };
  for (const error of errors) {
    const tokens = error.instancePath
      .split('/')
      .slice(1)
      .map((t) => t.replaceAll('~1', '/').replaceAll('~0', '~'));
    let holder: Json = root;
    let key = 'value';
    for (const token of tokens) {
      holder = holder?.[key];
      key = token;
    }
    if (!holder || typeof holder !== 'object') continue;
    if (error.keyword === 'required') {
      const target = holder[key];
      if (target && typeof target === 'object') target[error.params.missingProperty] ??= 'corpus';
    } else if (error.keyword === 'type') {
      const wanted = [error.params.type].flat().join(',').split(',')[0];
      const current = holder[key];
      holder[key] =
        wanted === 'string'
          ? String(current)
          : wanted === 'integer' || wanted === 'number'
            ? Number.isFinite(Number(current))
              ? Number(current)
              : 0
            : wanted === 'boolean'
              ? true
              : wanted === 'array'
                ? []
                : wanted === 'object'
                  ? {}
                  : null;
    } else if (error.keyword === 'enum') {
      holder[key] = error.params.allowedValues?.[0];
    } else if (error.keyword === 'pattern' || error.keyword === 'format') {
      // a string its pattern or format admits: json-schema-faker's generator (through Prism, a devDependency)
      try {
        holder[key] =
          error.params.format === 'byte'
            ? Buffer.from('corpus').toString('base64')
            : JSONSchemaFaker.generate({ type: 'string', ...error.params });
      } catch {
        // a format json-schema-faker does not know: the candidate stays as it is
      }
    }
  }
  return root.value;
}

/** A schema's properties, its `allOf` branches' included. */
function propertiesOf(doc: Json, schema: Json, depth = 0): Record<string, Json> {
  const resolved = resolveSchema(doc, schema);
  if (!resolved || depth > 8) return {};
  const own = { ...(resolved.properties ?? {}) };
  for (const branch of resolved.allOf ?? []) Object.assign(own, propertiesOf(doc, branch, depth + 1), own);
  return own;
}

function resolveSchema(doc: Json, schema: Json): Json {
  let current = schema;
  for (let i = 0; current?.$ref && i < 16; i++) {
    current = String(current.$ref)
      .slice(2)
      .split('/')
      .reduce(
        (node: Json, token) => node?.[decodeURIComponent(token).replaceAll('~1', '/').replaceAll('~0', '~')],
        doc,
      );
  }
  return current;
}

/** What each security scheme of the first requirement needs, as a client that holds the credentials sends it. */
export function credentials(op: Operation): {
  headers: Record<string, string>;
  query: string[];
  cookies: string[];
} {
  const out = { headers: {} as Record<string, string>, query: [] as string[], cookies: [] as string[] };
  const requirement = op.security[0];
  if (!requirement) return out;
  for (const name of Object.keys(requirement)) {
    const scheme = op.schemes[name];
    if (!scheme) continue;
    const type = String(scheme.type);
    if (type === 'apiKey') {
      if (scheme.in === 'header') out.headers[String(scheme.name).toLowerCase()] = 'corpus-api-key';
      else if (scheme.in === 'query') out.query.push(`${encodeURIComponent(scheme.name)}=corpus-api-key`);
      else out.cookies.push(`${scheme.name}=corpus-api-key`);
    } else if (type === 'basic' || (type === 'http' && /^basic$/i.test(scheme.scheme))) {
      out.headers.authorization = `Basic ${Buffer.from('corpus:secret').toString('base64')}`;
    } else if (type === 'http' && /^digest$/i.test(scheme.scheme)) {
      out.headers.authorization =
        'Digest username="corpus", realm="corpus", nonce="abc", uri="/", response="0123456789abcdef"';
    } else if (type === 'http' && !/^bearer$/i.test(scheme.scheme)) {
      out.headers.authorization = `${scheme.scheme} corpus-credentials`;
    } else if (type !== 'mutualTLS') {
      // bearer, oauth2, openIdConnect
      out.headers.authorization = 'Bearer corpus-token';
    }
  }
  return out;
}

/** Builds the operation's valid request; throws CannotBuild when the document gives no valid value. */
export async function buildRequest(
  corpus: CorpusDocument,
  schemas: SchemaCheck,
  op: Operation,
  options: { leaveOut?: string; replace?: { place: string; raw: string } } = {},
): Promise<BuiltRequest> {
  const values = new Map<string, unknown>();
  const auth = credentials(op);
  const headers: Record<string, string> = { ...auth.headers };
  const query: string[] = [...auth.query];
  const cookies: string[] = [...auth.cookies];
  let path = op.path;
  for (const p of op.parameters) {
    const place = `${p.in}.${p.name}`;
    // the client's own headers: OpenAPI says these parameters are ignored
    if (p.in === 'header' && /^(accept|content-type|authorization)$/i.test(p.name)) continue;
    if (options.leaveOut === place) continue;
    const raw = options.replace?.place === place ? options.replace.raw : undefined;
    let written: string;
    if (raw !== undefined) {
      written = raw;
      values.set(place, raw);
    } else {
      // optional parameters are sent too, so that every style is exercised; one the harness cannot
      // give a valid value is left out, as a client may
      let value: unknown;
      try {
        value = valueFor(corpus, schemas, p.schema, p.examples, place);
      } catch (error) {
        if (p.required || !(error instanceof CannotBuild)) throw error;
        continue;
      }
      values.set(place, value);
      written =
        p.in === 'query'
          ? queryPairs(p, value).join('&')
          : p.in === 'cookie'
            ? cookieValue(p, value)
            : pathValue(p, value);
    }
    if (p.in === 'path') path = path.replaceAll(`{${p.name}}`, written);
    else if (p.in === 'query')
      query.push(raw !== undefined ? `${encodeURIComponent(p.name)}=${raw}` : written);
    else if (p.in === 'header') headers[p.name.toLowerCase()] = written;
    else cookies.push(raw !== undefined ? `${p.name}=${raw}` : written);
  }
  if (cookies.length) headers.cookie = cookies.join('; ');
  let body: Buffer | undefined;
  const media =
    op.body && op.method !== 'GET' && op.method !== 'HEAD' ? preferredMedia(op.body.media) : undefined;
  if (media && options.leaveOut !== 'body') {
    if (options.replace?.place === 'body') {
      body = Buffer.from(options.replace.raw);
      headers['content-type'] = concreteType(media.type);
      values.set('body', options.replace.raw);
    } else {
      const value = media.schema
        ? valueFor(corpus, schemas, media.schema, media.examples, `body (${media.type})`)
        : (media.examples[0] ?? (/json/i.test(media.type) ? {} : 'corpus'));
      values.set('body', value);
      const written = await bodyBytes(media, value, corpus.doc);
      body = written.body;
      headers['content-type'] = written.contentType;
    }
  }
  const fullPath = `${path}${query.length ? `?${query.join('&')}` : ''}`;
  const shown = `${op.method} ${fullPath} ${JSON.stringify(headers)}${body ? ` ${body.toString('utf8').slice(0, 300)}` : ''}`;
  return { method: op.method, path: fullPath, headers, body, shown, values };
}
