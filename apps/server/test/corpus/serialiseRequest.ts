// A request's values written as a client writes them: parameters per their style and explode, bodies per
// their media type.

import type { Json, MediaType, Parameter } from './corpusDocuments.js';
import { propertiesOf, resolveSchema } from './sampleValue.js';

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

export function cookieValue(p: Parameter, value: unknown): string {
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
export function concreteType(type: string): string {
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
