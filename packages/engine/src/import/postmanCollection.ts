// A Postman Collection (v2.0/v2.1 JSON) read as an OpenAPI document, which the importer then reads
// like any other. @scalar/postman-to-openapi (maintained, MIT) does the structure: folders become
// tags, `{{baseUrl}}` hosts are dropped, `:id` and `{{id}}` segments become `{id}` path parameters,
// query, header and form fields become parameters and bodies, auth becomes security schemes.
// What it falls short on is done again here: bodies and saved responses (postmanBodies.ts), headers
// that OpenAPI declares elsewhere, path parameters it leaves undeclared, API keys it misnames, and
// everything the product cannot keep, which becomes import warnings pointing into the collection.
import type { ImportWarning } from '@sandbox/contracts';
import { convert } from '@scalar/postman-to-openapi';
import { ImportError, refuseDeepNesting } from './ImportError.js';
import { ImportWarnings } from './importWarnings.js';
import { childPointer } from './pointer.js';
import { requestBodyOf, responsesOf } from './postmanBodies.js';
import { mergeOperations } from './postmanMerge.js';
import { isObject, type Json } from './resolveRef.js';

/** Postman's `info.schema` names the format: https://schema.getpostman.com/json/collection/v2.1.0/… */
export function isPostmanCollection(document: unknown): document is Json {
  return (
    isObject(document) &&
    isObject(document.info) &&
    typeof document.info.schema === 'string' &&
    document.info.schema.includes('collection/v2')
  );
}

interface RequestItem {
  item: Json;
  /** The copy the converter reads, and the folders it is in, outermost first. */
  prepared: Json;
  folders: Json[];
  pointer: string;
  /** The request's own auth, when the converter does not read it. */
  ownScheme?: { name: string; scheme: Json };
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
// OpenAPI ignores header parameters of these names: they are the body's type, content negotiation and auth.
const UNDECLARED_HEADERS = new Set(['accept', 'content-type', 'authorization']);
const KEPT_AUTH = new Set(['apikey', 'basic', 'bearer', 'digest', 'oauth2', 'noauth']);
/**
 * Auth the converter refuses, declared here instead: Postman's digest is HTTP's Digest scheme
 * (RFC 7616), as Stoplight's reading of a collection has it.
 */
const OWN_SCHEMES: Record<string, { name: string; scheme: Json }> = {
  digest: { name: 'digestAuth', scheme: { type: 'http', scheme: 'digest' } },
};

/** The scheme of an auth the converter does not read; it is taken off what the converter sees. */
function takeOwnScheme(holder: Json): { name: string; scheme: Json } | undefined {
  const { auth } = holder;
  if (!isObject(auth) || typeof auth.type !== 'string' || !Object.hasOwn(OWN_SCHEMES, auth.type)) return;
  holder.auth = undefined;
  return OWN_SCHEMES[auth.type];
}

function declareScheme(document: Json, { name, scheme }: { name: string; scheme: Json }): Json[] {
  if (!isObject(document.components)) document.components = {};
  const components = document.components as Json;
  if (!isObject(components.securitySchemes)) components.securitySchemes = {};
  (components.securitySchemes as Json)[name] = scheme;
  return [{ [name]: [] }];
}
// The converter's operationId is the `[text]` that ends a request's name: a marker there ties each
// operation back to its request, whatever path and method the converter gave it.
const MARKER = 'postman-request-';

function warnScripts(holder: Json, pointer: string, warnings: ImportWarnings): void {
  if (!Array.isArray(holder.event)) return;
  holder.event.forEach((event, index) => {
    if (!isObject(event) || !isObject(event.script)) return;
    const exec = event.script.exec;
    const code = Array.isArray(exec) ? exec.join('\n') : typeof exec === 'string' ? exec : '';
    if (code.trim() === '') return;
    const kind = event.listen === 'prerequest' ? 'pre-request' : 'test';
    warnings.add(
      childPointer(pointer, 'event', index),
      `The ${kind} script is not kept: the sandbox does not run Postman scripts`,
    );
  });
}

function warnAuth(auth: unknown, pointer: string, warnings: ImportWarnings): void {
  if (!isObject(auth) || typeof auth.type !== 'string' || KEPT_AUTH.has(auth.type)) return;
  warnings.add(
    childPointer(pointer, 'auth'),
    `${auth.type} authentication is not kept: only API key, basic, bearer, digest and OAuth 2.0 are`,
  );
}

/**
 * Walks the copy the converter reads: marks every request, drops what the converter would turn into
 * noise (scripts, saved responses), and warns of what is left out, at its place in the collection.
 */
function prepare(
  items: unknown,
  pointer: string,
  found: RequestItem[],
  warnings: ImportWarnings,
  folders: Json[] = [],
) {
  if (!Array.isArray(items)) return;
  refuseDeepNesting(folders.length, pointer);
  items.forEach((item, index) => {
    if (!isObject(item)) return;
    const at = childPointer(pointer, 'item', index);
    warnScripts(item, at, warnings);
    item.event = undefined;
    if (Array.isArray(item.item)) {
      warnAuth(item.auth, at, warnings);
      prepare(item.item, at, found, warnings, [...folders, item]);
      return;
    }
    if (!('request' in item)) return;
    const ownScheme = isObject(item.request) ? takeOwnScheme(item.request) : undefined;
    found.push({ item: { ...item }, prepared: item, folders, pointer: at, ...(ownScheme && { ownScheme }) });
    if (isObject(item.request)) warnAuth(item.request.auth, childPointer(at, 'request'), warnings);
    item.name = `${typeof item.name === 'string' ? item.name : ''} [${MARKER}${found.length - 1}]`;
    item.response = [];
  });
}

function warnVariables(collection: Json, warnings: ImportWarnings): void {
  if (!Array.isArray(collection.variable) || collection.variable.length === 0) return;
  const names = collection.variable
    .map((variable) =>
      isObject(variable) && typeof variable.key === 'string' ? `{{${variable.key}}}` : null,
    )
    .filter(Boolean);
  warnings.add(
    '#/variable',
    `Collection variables are not kept (${names.join(', ')}): paths are read relative to the base URL, ` +
      'a variable in a path becomes a path parameter, and elsewhere it stays as written',
  );
}

function parametersOf(operation: Json, path: string): Json[] {
  const listed = Array.isArray(operation.parameters) ? operation.parameters.filter(isObject) : [];
  const kept = listed.filter(
    (parameter) =>
      !(parameter.in === 'header' && UNDECLARED_HEADERS.has(String(parameter.name).toLowerCase())),
  );
  for (const parameter of kept) {
    parameter['x-scalar-disabled'] = undefined;
    // `{{token}}` is a reference to a Postman variable, not a value the API would be sent
    if (typeof parameter.example === 'string' && /\{\{.*\}\}|^$/.test(parameter.example)) {
      parameter.example = undefined;
    }
  }
  for (const [, name] of path.matchAll(/\{([^}]+)\}/g)) {
    if (!kept.some((parameter) => parameter.in === 'path' && parameter.name === name)) {
      kept.push({ name, in: 'path', required: true, schema: { type: 'string' } });
    }
  }
  return kept;
}

/** The converter names every API key `api_key` in a header; Postman says which header or query key. */
function apiKeyScheme(auth: unknown): Json | null {
  if (!isObject(auth) || auth.type !== 'apikey' || !Array.isArray(auth.apikey)) return null;
  const setting = (key: string) =>
    (auth.apikey as unknown[]).find((entry) => isObject(entry) && entry.key === key) as Json | undefined;
  const name = setting('key')?.value;
  const where = setting('in')?.value;
  return {
    type: 'apiKey',
    name: typeof name === 'string' && name ? name : 'api_key',
    in: where === 'query' ? 'query' : 'header',
  };
}

function convertedOf(prepared: Json): Json {
  try {
    return convert(prepared as unknown as Parameters<typeof convert>[0]) as unknown as Json;
  } catch (error) {
    throw new ImportError(
      'The file is not a Postman Collection the importer can read',
      (error as Error).message,
    );
  }
}

function finishOperation(
  document: Json,
  operation: Json,
  path: string,
  request: RequestItem,
  warnings: ImportWarnings,
): void {
  if (request.ownScheme) operation.security = declareScheme(document, request.ownScheme);
  operation.operationId = undefined;
  if (!operation.summary) operation.summary = undefined;
  operation.servers = undefined;
  operation['x-pre-request'] = undefined;
  operation['x-post-response'] = undefined;
  operation.parameters = parametersOf(operation, path);
  const original = isObject(request.item.request) ? request.item.request : {};
  operation.requestBody = requestBodyOf(original, operation.requestBody, request.pointer, warnings);
  operation.responses = responsesOf(request.item.response) ?? { default: { description: 'Response' } };
}

/** The one operation the converter makes of `request` alone, in its folders, with its path and method. */
function convertedAlone(
  prepared: Json,
  request: RequestItem,
): { path: string; method: string; operation: Json } | undefined {
  const alone = request.folders.reduceRight<Json>(
    (inner, folder) => ({ ...folder, item: [inner] }),
    request.prepared,
  );
  const document = convertedOf({ ...prepared, item: [alone] });
  for (const [path, pathItem] of Object.entries(isObject(document.paths) ? document.paths : {})) {
    if (!isObject(pathItem)) continue;
    const method = METHODS.find((name) => isObject(pathItem[name]));
    if (method) return { path, method, operation: pathItem[method] as Json };
  }
  return undefined;
}

/**
 * Prism's reading: the requests the converter left out for having the method and path of another are
 * merged with it, in the collection's order (postmanMerge.ts).
 */
function mergeLeftOut(
  document: Json,
  prepared: Json,
  found: RequestItem[],
  converted: Map<number, Json>,
  warnings: ImportWarnings,
): void {
  const groups = new Map<Json, { index: number; operation: Json }[]>();
  for (const [index, operation] of converted) groups.set(operation, [{ index, operation }]);
  found.forEach((request, index) => {
    if (converted.has(index)) return;
    const alone = convertedAlone(prepared, request);
    const paths = isObject(document.paths) ? document.paths : {};
    const pathItem = alone && paths[alone.path];
    const kept = alone && isObject(pathItem) ? pathItem[alone.method] : undefined;
    const group = isObject(kept) ? groups.get(kept) : undefined;
    if (!alone || !group) return;
    finishOperation(document, alone.operation, alone.path, request, warnings);
    group.push({ index, operation: alone.operation });
    converted.set(index, alone.operation);
  });
  for (const [kept, group] of groups) {
    if (group.length === 1) continue;
    group.sort((a, b) => a.index - b.index);
    const [first, ...others] = group.map(({ operation }) => operation);
    const merged = mergeOperations([first, ...others]);
    const saved = group.flatMap(({ index }) => {
      const response = found[index]?.item.response;
      return Array.isArray(response) ? response : [];
    });
    merged.responses = responsesOf(saved) ?? { default: { description: 'Response' } };
    for (const key of Object.keys(kept)) delete kept[key];
    Object.assign(kept, merged);
  }
}

/**
 * The collection as an OpenAPI 3.1 document, and what of it the product cannot keep. `prism`: requests
 * of one method and path are one operation, as Prism reads them; otherwise the converter keeps one.
 */
export function postmanToOpenApi(
  collection: Json,
  { prism = false }: { prism?: boolean } = {},
): { document: Json; warnings: ImportWarning[] } {
  const warnings = new ImportWarnings();
  const found: RequestItem[] = [];
  const prepared = structuredClone(collection);
  warnScripts(prepared, '#', warnings);
  prepared.event = undefined;
  warnAuth(prepared.auth, '#', warnings);
  const ownScheme = takeOwnScheme(prepared);
  warnVariables(prepared, warnings);
  prepare(prepared.item, '#', found, warnings);
  const document = convertedOf(prepared);
  if (ownScheme) document.security = declareScheme(document, ownScheme);
  const converted = new Map<number, Json>();
  const paths = isObject(document.paths) ? document.paths : {};
  for (const [path, pathItem] of Object.entries(paths)) {
    if (!isObject(pathItem)) continue;
    pathItem.servers = undefined;
    for (const method of METHODS) {
      const operation = pathItem[method];
      if (!isObject(operation)) continue;
      const index = Number(String(operation.operationId ?? '').slice(MARKER.length));
      const request = found[index];
      if (!request) continue;
      converted.set(index, operation);
      finishOperation(document, operation, path, request, warnings);
    }
  }
  if (prism) mergeLeftOut(document, prepared, found, converted, warnings);
  found.forEach((request, index) => {
    if (!converted.has(index)) {
      warnings.add(request.pointer, 'This request is left out: another request has the same method and path');
    }
  });
  document.servers = undefined;
  const apiKey = apiKeyScheme(collection.auth);
  const schemes = isObject(document.components) ? document.components.securitySchemes : undefined;
  if (apiKey && isObject(schemes) && isObject(schemes.apikeyAuth)) schemes.apikeyAuth = apiKey;
  if (Array.isArray(document.tags)) {
    const seen = new Set<unknown>();
    document.tags = document.tags.filter((tag) => isObject(tag) && !seen.has(tag.name) && seen.add(tag.name));
  }
  // undefined marks what was removed; the importer reads plain JSON
  return { document: JSON.parse(JSON.stringify(document)), warnings: warnings.list() };
}
