import {
  coerceText,
  cookiesOf,
  kindsOf,
  type ParameterSources,
  readParameter,
} from '../model/parameterStyles.js';
import type { JsonSchema } from '../model/toJsonSchema.js';
import { isJsonObject } from '../shared/jsonObjects.js';
import { essenceOf, isRange, mediaKind } from '../shared/mediaTypes.js';
import { PatternBudget, REQUEST_PATTERN_WORK } from '../shared/tenantPattern.js';
import { multipartFields } from './multipart.js';
import { delimitedLists, encodedFields, type FieldEncoding, reservedProblems } from './prismFormEncoding.js';
import type { Problem } from './problem.js';
import type { RequestModel } from './requestModel.js';
import type { ApiValidator, RequestCheck, RequestValues } from './requestValidator.js';

interface Incoming {
  query: Record<string, string | string[] | undefined>;
  headers: Record<string, string | string[] | undefined>;
  rawBody: string | undefined;
}

type Places = Record<string, { properties: Record<string, JsonSchema>; required: string[] }>;

/** An endpoint's request model with its validators, compiled per body media type on first use. */
export class RequestRules {
  private readonly checks = new Map<string, RequestCheck>();
  private pathCheck: RequestCheck | undefined;
  /** Follows a reference to a named schema, in 2020-12 form (parameter styles read types through it). */
  readonly resolve: (name: string) => JsonSchema | undefined;

  /** `prism`: a form's fields are also read as Prism reads them (prismFormEncoding.ts). */
  constructor(
    readonly model: RequestModel,
    private readonly validator: ApiValidator,
    readonly prism = false,
  ) {
    this.resolve = validator.resolve;
  }

  /** The validator for a request whose body is of `mediaType` ('' for none). */
  checkFor(mediaType: string): RequestCheck {
    let check = this.checks.get(mediaType);
    if (check) return check;
    const body = this.model.body;
    const schema = mediaType === '' ? true : (body?.content.get(mediaType) ?? true);
    check = this.validator.compile(this.places(), body && { schema, required: body.required });
    this.checks.set(mediaType, check);
    return check;
  }

  /**
   * Whether the path parameters alone take these values, read and checked as a whole request's are:
   * the router asks where templates of one shape share a place (of Xero's `/Journals/{JournalID}`, a
   * uuid, and `/Journals/{JournalNumber}`, an integer, `/Journals/123` is the number's). Its validator
   * is compiled on first use, since only operations sharing a place are ever asked.
   */
  acceptsPath(params: Record<string, string>): boolean {
    const values: RequestValues = { path: {}, query: {}, header: {}, cookie: {} };
    const sources: ParameterSources = { path: params, query: {}, headers: {}, cookies: {} };
    for (const p of this.model.parameters) {
      if (p.in !== 'path') continue;
      const read = readParameter(p, sources, this.resolve);
      if (read === undefined) continue;
      if ('message' in read) return false;
      values.path[p.name] = read.value;
    }
    if (this.pathCheck === undefined) {
      const { path } = this.places();
      this.pathCheck = this.validator.compile(path ? { path } : {}, undefined);
    }
    return this.pathCheck(values, new PatternBudget(REQUEST_PATTERN_WORK)).length === 0;
  }

  /** Each place's parameters (path, query, header, cookie) as the properties a validator checks. */
  private places(): Places {
    const places: Places = {};
    for (const p of this.model.parameters) {
      places[p.in] ??= { properties: {}, required: [] };
      const place = places[p.in];
      const name = p.in === 'header' ? p.name.toLowerCase() : p.name;
      place.properties[name] = p.schema;
      if (p.required) place.required.push(name);
    }
    return places;
  }

  /** The declared media type a body's Content-Type falls under; undefined when none does. */
  mediaTypeOf(contentType: string | undefined): string | undefined {
    const declared = [...(this.model.body?.content.keys() ?? [])];
    if (!contentType) return declared[0];
    const essence = essenceOf(contentType);
    const [family] = essence.split('/');
    return (
      declared.find((type) => essenceOf(type) === essence) ??
      declared.find((type) => essenceOf(type) === `${family}/*`) ??
      declared.find((type) => essenceOf(type) === '*/*')
    );
  }
}

export type Checked =
  | { body: unknown }
  | { problems: Problem[] }
  /** The body's media type is none the operation declares: RFC 9110 §15.5.16's 415. */
  | { unsupported: string[] };

/** Values nested deeper than this are refused: no real document needs them, and checking costs stack. */
export const MAX_BODY_DEPTH = 256;

/**
 * Reads the request's parameters per their styles and its body per its media type, and checks them
 * all at once against the operation's schemas; every problem is reported with its place.
 */
export async function validateRequest(
  rules: RequestRules,
  incoming: Incoming,
  params: Record<string, string>,
): Promise<Checked> {
  const problems: Problem[] = [];
  const values: RequestValues = { path: {}, query: {}, header: {}, cookie: {} };
  const sources: ParameterSources = {
    path: params,
    query: incoming.query,
    headers: incoming.headers,
    cookies: cookiesOf(incoming.headers.cookie),
  };
  const { resolve } = rules;
  for (const p of rules.model.parameters) {
    const read = readParameter(p, sources, resolve);
    if (read === undefined) continue;
    const name = p.in === 'header' ? p.name.toLowerCase() : p.name;
    if ('message' in read) problems.push({ location: `${p.in}.${name}`, message: read.message });
    else values[p.in][name] = read.value;
  }

  const text = incoming.rawBody ?? '';
  let mediaType = '';
  let body: unknown;
  if (text.trim() !== '') {
    const declared = rules.model.body;
    const contentType = headerText(incoming.headers['content-type']);
    if (declared) {
      const chosen = rules.mediaTypeOf(contentType);
      if (chosen === undefined) return { unsupported: [...declared.content.keys()] };
      mediaType = chosen;
      const schema = declared.content.get(chosen) ?? true;
      const written = writtenAs(chosen, contentType, schema, resolve);
      const encodings = rules.prism ? declared.encodings?.get(chosen) : undefined;
      const sent = encodings ? await sentFields(text, written, contentType) : [];
      if (encodings) {
        const reserved = reservedProblems(sent, encodings);
        if (reserved.length > 0) return { problems: [...problems, ...reserved] };
      }
      const read =
        essenceOf(written) === 'multipart/form-data'
          ? await readMultipart(text, contentType, schema, resolve)
          : readBody(text, written, schema, resolve);
      if ('problem' in read) return { problems: [...problems, read.problem] };
      body = read.value;
      if (encodings && isJsonObject(body)) {
        const fields = mediaKind(written) === 'form' ? [...new URLSearchParams(text)] : sent;
        Object.assign(body, listsAsPrismReads(fields, encodings, schema, resolve));
      }
      if (read.checked) values.body = body;
    } else {
      // nothing declared: a JSON body is still stored by a POST, anything else kept as text
      body = mediaKind(contentType ?? 'application/json') === 'json' ? parsedOrText(text) : text;
    }
  }
  const budget = new PatternBudget(REQUEST_PATTERN_WORK);
  problems.push(...rules.checkFor(mediaType)(values, budget));
  return problems.length > 0 ? { problems } : { body };
}

const headerText = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** Prism's reading of a form's delimited list fields (see delimitedLists), each item in its type. */
function listsAsPrismReads(
  fields: [string, string][],
  encodings: Record<string, FieldEncoding>,
  schema: JsonSchema,
  resolve: (name: string) => JsonSchema | undefined,
): Record<string, unknown> {
  const { properties } = kindsOf(schema, resolve);
  const kinds = (name: string) =>
    Object.hasOwn(properties, name) ? kindsOf(properties[name], resolve) : undefined;
  return delimitedLists(
    fields,
    encodings,
    (name) => kinds(name)?.types.has('array') === true,
    (name, text) => {
      const items = kinds(name)?.items;
      return items === undefined ? text : coerceText(text, items, resolve);
    },
  );
}

/** A form's fields as sent, before any decoding; none for a body of another type or unreadable. */
async function sentFields(
  text: string,
  mediaType: string,
  contentType: string | undefined,
): Promise<[string, string][]> {
  if (mediaKind(mediaType) === 'form') return encodedFields(text);
  if (essenceOf(mediaType) !== 'multipart/form-data') return [];
  return multipartFields(text, contentType ?? '').catch(() => []);
}

/**
 * The media type a body is read in. A declared range (`*\/*`, `application/*`) says nothing of how
 * its body is written: when its schema describes an object or a list, the body is read in the type
 * the request names (a form's fields, JSON), so that the schema can judge it. A range whose schema is
 * a string (an upload of bytes) or absent takes the body as sent.
 */
function writtenAs(
  declared: string,
  contentType: string | undefined,
  schema: JsonSchema,
  resolve: (name: string) => JsonSchema | undefined,
): string {
  if (!isRange(declared) || contentType === undefined) return declared;
  const { types } = kindsOf(schema, resolve);
  return types.has('object') || types.has('array') ? contentType : declared;
}

function parsedOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

type ReadBody = { value: unknown; checked: boolean } | { problem: Problem };

/** A body in the value its media type carries: JSON parsed, a form's fields by name, text as text. */
function readBody(
  text: string,
  mediaType: string,
  schema: JsonSchema,
  resolve: (name: string) => JsonSchema | undefined,
): ReadBody {
  switch (mediaKind(mediaType)) {
    case 'json': {
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        return { problem: { location: 'body', message: 'is not valid JSON' } };
      }
      // each level opens a bracket: a text with few of them needs no walk over the value
      return bracketsIn(text, MAX_BODY_DEPTH + 1) > MAX_BODY_DEPTH
        ? bounded(value)
        : { value, checked: true };
    }
    case 'form':
      return bounded(formFields(new URLSearchParams(text), schema, resolve));
    default: {
      // text the schema describes as a string is checked; bytes, XML and the like are taken as sent
      const { types } = kindsOf(schema, resolve);
      return { value: text, checked: types.has('string') && !types.has('object') };
    }
  }
}

/** A multipart form's fields, each in its property's type; a file part is its content as text. */
async function readMultipart(
  text: string,
  contentType: string | undefined,
  schema: JsonSchema,
  resolve: (name: string) => JsonSchema | undefined,
): Promise<ReadBody> {
  try {
    const fields = await multipartFields(text, contentType ?? '');
    return bounded(formFields(fields, schema, resolve));
  } catch {
    return { problem: { location: 'body', message: 'is not a valid multipart/form-data body' } };
  }
}

/** A form's fields as an object: a repeated name is a list, each value in its property's type. */
export function formFields(
  fields: Iterable<[string, string]>,
  schema: JsonSchema,
  resolve: (name: string) => JsonSchema | undefined,
): Record<string, unknown> {
  const { properties } = kindsOf(schema, resolve);
  const out: Record<string, unknown> = {};
  for (const [name, value] of fields) {
    const property = Object.hasOwn(properties, name) ? properties[name] : undefined;
    const kinds = property === undefined ? undefined : kindsOf(property, resolve);
    const item = kinds?.types.has('array') ? kinds.items : property;
    const coerced = item === undefined ? value : fieldValue(value, item, resolve);
    if (kinds?.types.has('array')) {
      const list = Object.hasOwn(out, name) && Array.isArray(out[name]) ? (out[name] as unknown[]) : [];
      list.push(coerced);
      out[name] = list;
    } else if (!Object.hasOwn(out, name)) {
      out[name] = coerced;
    }
  }
  return out;
}

/** A body to check, unless it nests deeper than checking may go. */
function bounded(value: unknown): ReadBody {
  if (depthOf(value) > MAX_BODY_DEPTH)
    return { problem: { location: 'body', message: `is nested deeper than ${MAX_BODY_DEPTH} levels` } };
  return { value, checked: true };
}

/** A form field's text in its property's type; an object or list sent as JSON text is read as JSON. */
function fieldValue(text: string, schema: JsonSchema, resolve: (name: string) => JsonSchema | undefined) {
  const { types } = kindsOf(schema, resolve);
  if ((types.has('object') || types.has('array')) && /^\s*[[{]/.test(text)) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return coerceText(text, schema, resolve);
}

/** How many `{` and `[` a text holds, counted up to `enough`. */
function bracketsIn(text: string, enough: number): number {
  let count = 0;
  for (let i = 0; i < text.length && count < enough; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x7b || code === 0x5b) count++;
  }
  return count;
}

/** How deeply a parsed JSON value nests, counted without recursion. */
function depthOf(value: unknown): number {
  let deepest = 0;
  const pending: [unknown, number][] = [[value, 0]];
  while (pending.length > 0) {
    const [current, depth] = pending.pop() as [unknown, number];
    if (depth > deepest) deepest = depth;
    if (deepest > MAX_BODY_DEPTH) break;
    if (Array.isArray(current)) for (const item of current) pending.push([item, depth + 1]);
    else if (isJsonObject(current))
      for (const item of Object.values(current)) pending.push([item, depth + 1]);
  }
  return deepest;
}
