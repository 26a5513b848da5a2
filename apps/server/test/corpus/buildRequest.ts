// A valid request to one operation, built from the document alone (sampleValue.ts), every value checked
// by the harness's own Ajv before it is sent, so that a refusal is the sandbox's doing.

import type { CorpusDocument, Operation, SchemaAt } from './corpusDocuments.js';
import type { SchemaCheck } from './documentSchemas.js';
import { CannotBuild, valueFor } from './sampleValue.js';
import {
  bodyBytes,
  concreteType,
  cookieValue,
  pathValue,
  preferredMedia,
  queryPairs,
} from './serialiseRequest.js';

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
        value = widened(schemas, p.schema, valueFor(corpus, schemas, p.schema, p.examples, place));
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

/** A one-item array given a second item where its schema allows, so that its style's delimiter is sent. */
function widened(schemas: SchemaCheck, at: SchemaAt, value: unknown): unknown {
  if (!Array.isArray(value) || value.length !== 1) return value;
  const [item] = value;
  const second = typeof item === 'string' ? `${item}2` : typeof item === 'number' ? item + 1 : item;
  const wider = [item, second];
  return schemas.check('request', at, wider).length === 0 ? wider : value;
}
