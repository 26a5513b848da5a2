// Prism reads Postman collections that the engine's converter does not: an `info` naming no schema
// (the engine knows a collection by it), and request URLs given only as parts (`path: ["todos"]`,
// no `raw`, which is all the converter reads), a body given as text. They are completed here, before
// the engine reads one.
// Where Prism reads a collection otherwise than the engine, the collection is written as Prism reads
// it: an OAuth 2.0 auth sending its token in a header is a bearer token (http-spec's Postman reading).

import { parse } from 'yaml';

const COLLECTION_SCHEMA = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (part: unknown) => (isObject(part) ? String(part.value ?? part.key ?? '') : String(part));

/** `{ host: ["{{baseUrl}}"], path: ["todos", ":id"], query: [{ key, value }] }` as one URL. */
function rawOf(url: Json): string {
  const host = Array.isArray(url.host)
    ? url.host.map(text).join('.')
    : typeof url.host === 'string'
      ? url.host
      : '';
  const path = Array.isArray(url.path)
    ? url.path.map(text).join('/')
    : typeof url.path === 'string'
      ? url.path
      : '';
  const query = Array.isArray(url.query)
    ? url.query
        .filter(isObject)
        .map((q) => `${q.key}${q.value === undefined || q.value === null ? '' : `=${q.value}`}`)
    : [];
  // the converter takes what precedes the first slash for the host
  return `${host || '{{baseUrl}}'}/${path.replace(/^\/+/, '')}${query.length > 0 ? `?${query.join('&')}` : ''}`;
}

/**
 * Prism declares an OAuth 2.0 auth as HTTP bearer (its challenge `Bearer`), unless the token goes in
 * the query (`addTokenTo: queryParams`), where it is a query parameter the engine has no auth for.
 */
function asPrismReadsAuth(holder: Json): void {
  const { auth } = holder;
  if (!isObject(auth) || auth.type !== 'oauth2') return;
  const settings = Array.isArray(auth.oauth2) ? auth.oauth2.filter(isObject) : [];
  if (settings.some((s) => s.key === 'addTokenTo' && s.value === 'queryParams')) return;
  holder.auth = { type: 'bearer', bearer: [] };
}

function completeItems(items: unknown): void {
  if (!Array.isArray(items)) return;
  for (const item of items) {
    if (!isObject(item)) continue;
    asPrismReadsAuth(item);
    completeItems(item.item);
    const request = item.request;
    if (isObject(request)) asPrismReadsAuth(request);
    // a body written as text is its raw body (postman-collection's RequestBody reads it so)
    if (isObject(request) && typeof request.body === 'string')
      request.body = { mode: 'raw', raw: request.body };
    if (isObject(request) && isObject(request.url) && typeof request.url.raw !== 'string')
      request.url.raw = rawOf(request.url);
  }
}

export function asPrismReadsCollection(source: string): string {
  if (!/^\s*\{/.test(source) || !source.includes('"item"')) return source;
  let document: unknown;
  try {
    // YAML, as Prism reads every document: it takes JSON with trailing commas too
    document = parse(source);
  } catch {
    return source;
  }
  if (!isObject(document) || !isObject(document.info) || !Array.isArray(document.item)) return source;
  if (document.openapi !== undefined || document.swagger !== undefined) return source;
  document.info.schema ??= COLLECTION_SCHEMA;
  asPrismReadsAuth(document);
  completeItems(document.item);
  return JSON.stringify(document);
}
