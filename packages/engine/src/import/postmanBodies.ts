// A Postman request's body and saved example responses, as OpenAPI request body and responses.
// Built here rather than taken from the converter: it declares every saved response as JSON with
// the schema of a string, writes examples where Example Objects belong (so no example survives an
// OpenAPI reader), keeps one example of several for a status code, copies transport headers (Date,
// Content-Length, Server) as declared response headers and gives a JSON request body no properties.

import type { ImportWarnings } from './importWarnings.js';
import { inferSchema } from './inferSchema.js';
import { childPointer } from './pointer.js';
import { isObject, type Json } from './resolveRef.js';

/** Headers of a recorded exchange, not of the API's contract. */
const TRANSPORT_HEADERS = new Set([
  'access-control-allow-credentials',
  'access-control-allow-headers',
  'access-control-allow-methods',
  'access-control-allow-origin',
  'access-control-expose-headers',
  'access-control-max-age',
  'cache-control',
  'connection',
  'content-encoding',
  'content-length',
  'content-type',
  'date',
  'etag',
  'expires',
  'keep-alive',
  'last-modified',
  'pragma',
  'server',
  'set-cookie',
  'strict-transport-security',
  'transfer-encoding',
  'vary',
  'via',
  'x-powered-by',
]);

/** Postman's language of a raw body or a saved response's preview, as a media type. */
const LANGUAGE_TYPES: Record<string, string> = {
  json: 'application/json',
  xml: 'application/xml',
  html: 'text/html',
  javascript: 'application/javascript',
  text: 'text/plain',
};

const isJsonType = (mediaType: string) => mediaType === 'application/json' || mediaType.endsWith('+json');

function headerValue(headers: unknown, name: string): string | undefined {
  if (!Array.isArray(headers)) return undefined;
  const found = headers.find(
    (header) => isObject(header) && typeof header.key === 'string' && header.key.toLowerCase() === name,
  ) as Json | undefined;
  return typeof found?.value === 'string' ? found.value.split(';')[0]?.trim().toLowerCase() : undefined;
}

function parsedJson(text: string): { value: unknown } | null {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return null;
  }
}

/**
 * The request body of a Postman request: JSON with a schema inferred from it, other raw text as a
 * text example, forms as the converter declared them; none for an empty body (Postman gives every
 * GET an empty raw one).
 */
export function requestBodyOf(
  request: Json,
  converted: unknown,
  pointer: string,
  warnings: ImportWarnings,
): Json | undefined {
  const body = request.body;
  if (!isObject(body)) return undefined;
  const at = childPointer(pointer, 'request', 'body');
  if (body.mode === 'formdata' || body.mode === 'urlencoded')
    return isObject(converted)
      ? asTypeSent(converted, headerValue(request.header, 'content-type'))
      : undefined;
  if (body.mode !== 'raw') {
    if (body.mode === 'file' && isObject(body.file) && Object.keys(body.file).length === 0) return undefined;
    warnings.add(at, `A ${String(body.mode)} body is not kept: only JSON, text and form bodies are`);
    return undefined;
  }
  const raw = typeof body.raw === 'string' ? body.raw : '';
  if (raw.trim() === '') return undefined;
  const options = isObject(body.options) && isObject(body.options.raw) ? body.options.raw : {};
  const language = typeof options.language === 'string' ? options.language : 'text';
  const mediaType = headerValue(request.header, 'content-type') ?? LANGUAGE_TYPES[language] ?? 'text/plain';
  const json = parsedJson(raw);
  if (json) {
    return {
      content: {
        [isJsonType(mediaType) ? mediaType : 'application/json']: {
          schema: inferSchema([json.value]),
          example: json.value,
        },
      },
    };
  }
  if (isJsonType(mediaType)) {
    warnings.add(at, 'The JSON body holds Postman variables or is not JSON: it is kept as an open JSON body');
    return { content: { [mediaType]: { schema: {} } } };
  }
  warnings.add(at, `The ${mediaType} body is kept as an example only: its content is not validated`);
  return { content: { [mediaType]: { schema: { type: 'string' }, example: raw } } };
}

/**
 * A form body under the media type the request's Content-Type header names, when it names one: the
 * request is sent as that type, whatever its body's mode (as a raw body's type is read, and as
 * Stoplight's reading of a collection has it).
 */
function asTypeSent(converted: Json, sent: string | undefined): Json {
  const content = isObject(converted.content) ? Object.entries(converted.content) : [];
  if (sent === undefined || content.length !== 1) return converted;
  const [[declared, media]] = content as [[string, unknown]];
  return declared === sent ? converted : { ...converted, content: { [sent]: media } };
}

interface MediaExamples {
  values: unknown[];
  named: [string, unknown][];
}

interface SavedResponse {
  description: string;
  headers: Json;
  content: Map<string, MediaExamples>;
}

function exampleKey(taken: [string, unknown][], name: string): string {
  const keys = new Set(taken.map(([key]) => key));
  let key = name;
  for (let n = 2; keys.has(key); n++) key = `${name} ${n}`;
  return key;
}

function declaredHeaders(headers: unknown): Json {
  const declared: Json = {};
  if (!Array.isArray(headers)) return declared;
  for (const header of headers) {
    if (!isObject(header) || typeof header.key !== 'string') continue;
    if (TRANSPORT_HEADERS.has(header.key.toLowerCase())) continue;
    declared[header.key] = { schema: { type: 'string' }, example: String(header.value ?? '') };
  }
  return declared;
}

function save(saved: SavedResponse, response: Json, index: number): void {
  const body = typeof response.body === 'string' ? response.body : '';
  if (body.trim() === '') return;
  const preview =
    typeof response._postman_previewlanguage === 'string' ? response._postman_previewlanguage : '';
  const json = parsedJson(body);
  let mediaType = headerValue(response.header, 'content-type') ?? LANGUAGE_TYPES[preview] ?? 'text/plain';
  if (json && !isJsonType(mediaType) && mediaType.startsWith('text/plain')) mediaType = 'application/json';
  const value = json && isJsonType(mediaType) ? json.value : body;
  const examples = saved.content.get(mediaType) ?? { values: [], named: [] };
  saved.content.set(mediaType, examples);
  examples.values.push(value);
  const name =
    typeof response.name === 'string' && response.name.trim() ? response.name : `Example ${index + 1}`;
  examples.named.push([exampleKey(examples.named, name), value]);
}

/** The saved example responses of a request, by status code; none when it saved none. */
export function responsesOf(saved: unknown): Json | undefined {
  if (!Array.isArray(saved) || saved.length === 0) return undefined;
  const byCode = new Map<string, SavedResponse>();
  saved.forEach((response, index) => {
    if (!isObject(response)) return;
    const code = /^[1-5]\d\d$/.test(String(response.code)) ? String(response.code) : 'default';
    let entry = byCode.get(code);
    if (!entry) {
      const description =
        (typeof response.status === 'string' && response.status) ||
        (typeof response.name === 'string' && response.name) ||
        'Response';
      entry = { description, headers: declaredHeaders(response.header), content: new Map() };
      byCode.set(code, entry);
    }
    save(entry, response, index);
  });
  const responses: Json = {};
  for (const [code, { description, headers, content }] of byCode) {
    const media: Json = {};
    for (const [mediaType, { values, named }] of content) {
      media[mediaType] = {
        schema: isJsonType(mediaType) ? inferSchema(values) : { type: 'string' },
        examples: Object.fromEntries(named.map(([key, value]) => [key, { summary: key, value }])),
      };
    }
    responses[code] = {
      description,
      ...(Object.keys(headers).length > 0 ? { headers } : {}),
      ...(content.size > 0 ? { content: media } : {}),
    };
  }
  return responses;
}
