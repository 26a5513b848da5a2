import type { AnswerSource } from '@sandbox/contracts';
import type { ApiModel } from '../model/apiModel.js';
import { kindsOf } from '../model/parameterStyles.js';
import type { JsonSchema } from '../model/toJsonSchema.js';
import { isJsonObject as isRecord } from '../shared/jsonObjects.js';
import type { MediaKind } from '../shared/mediaTypes.js';
import { type Chosen, type Preferences, responseFor } from './chooseResponse.js';
import type { CompiledApi, CompiledEndpoint } from './compileApi.js';
import type { CompiledMedia, CompiledResponse } from './compileResponses.js';
import { bodyOf, inMediaType, invalidAnswer, listEnvelope, sourceOf } from './documentAnswer.js';
import type { SandboxAnswer, SandboxRequest } from './exchange.js';
import { filteredPage, filtersOf } from './filterRecords.js';
import type { Negotiated } from './negotiate.js';
import { pageHeaders, pageOf } from './paging.js';
import { PROBLEM_CONTENT_TYPE, problem } from './problem.js';
import { newRecordNumber, newRecordUuid } from './recordIds.js';
import type { RecordStore, SandboxRecord } from './records.js';
import { serialise } from './serialise.js';
import { StorageLimitReached } from './storageLimits.js';

interface Call {
  api: CompiledApi;
  endpoint: CompiledEndpoint;
  params: Record<string, string>;
  query: Record<string, string | string[] | undefined>;
  body: unknown;
  /** The response answering: the endpoint's success, or the declared code the client prefers. */
  chosen?: Chosen<CompiledResponse>;
  /** Its media type as negotiated; undefined when it has no content or the API predates declarations. */
  media?: Negotiated<CompiledMedia>;
  /** `Prefer` (or Prism's `__code`-style query): answered from the document, the records left alone. */
  preferences?: Preferences;
  accept?: string;
  /** Nothing is stored or read back: every answer is the document's (Prism's mock). */
  stateless?: boolean;
}

/** The body the chosen response declares in its negotiated media type; none when it declares no content. */
function declaredBody({ api, endpoint, media, preferences }: Call): unknown {
  return media && bodyOf(media.media, preferences, api.model, endpoint.resourceName);
}

/** Where declaredBody's body comes from. */
function declaredSource({ api, media, preferences }: Call): AnswerSource {
  return media ? sourceOf(media.media, preferences, api.model) : 'generated';
}

/**
 * No stored record has the key (DESIGN §6: 404). An operation that declares a 404 with a body gets
 * that body; otherwise problem details say which record is missing (as a declared 400 without a body
 * answers problem details: the sandbox says what is wrong, with the declared code).
 */
function notFound(call: Call, key: string): SandboxAnswer {
  const { endpoint } = call;
  const detail = `No record with ${endpoint.item?.field} "${key}" in ${endpoint.collection}`;
  const own: SandboxAnswer = {
    status: 404,
    body: problem(404, 'Not Found', detail),
    contentType: PROBLEM_CONTENT_TYPE,
    source: 'problem',
  };
  const media = responseFor(endpoint.responses, 404)?.response.media;
  if (!media || media.available.length === 0) return own;
  const negotiated = media.choose(call.accept);
  if (!negotiated) return own;
  const { contentType } = negotiated;
  const body = bodyOf(negotiated.media, undefined, call.api.model, endpoint.resourceName);
  // written here: the answer's type is the 404's, not the success's the call negotiated
  if (negotiated.media.kind === 'json') return { status: 404, body, contentType, source: 'problem' };
  return {
    status: 404,
    payload: serialise(body, { ...negotiated.media.serialisation, contentType }),
    contentType,
    source: 'problem',
  };
}

/**
 * The properties of the record an answer carries: those of the negotiated media type's declared
 * schema, through references and compositions.
 */
function recordProperties(call: Call): Record<string, JsonSchema> {
  const schema = call.media?.media.schema;
  return schema === undefined ? {} : call.api.model.propertiesOf(schema);
}

const marked = (property: JsonSchema, keyword: 'readOnly' | 'writeOnly') =>
  isRecord(property) && property[keyword] === true;

/** The record as answers show it: without the properties only requests carry (a password, say). */
function withoutWriteOnly(call: Call, record: SandboxRecord) {
  for (const [key, property] of Object.entries(recordProperties(call))) {
    if (marked(property, 'writeOnly')) delete record[key];
  }
  return record;
}

/**
 * What the server owns of a new record: its `readOnly` properties (an id, a creation time) the
 * client did not send, each generated from its schema. Nothing the client may send is invented.
 * Also whether the record's key field holds numbers, for a key the server mints.
 */
function serverOwned(
  call: Call,
  body: SandboxRecord,
  field: string,
): { owned: SandboxRecord; numeric: boolean } {
  const { model } = call.api;
  const owned: SandboxRecord = {};
  const properties = recordProperties(call);
  for (const [key, property] of Object.entries(properties)) {
    if (marked(property, 'readOnly') && body[key] === undefined)
      owned[key] = model.generateFrom(property, key);
  }
  const key = Object.hasOwn(properties, field) ? properties[field] : undefined;
  const types = key === undefined ? new Set<string>() : kindsOf(key, model.resolve).types;
  return { owned, numeric: types.has('integer') || types.has('number') };
}

/** Waits for a write; the answer of one the API cannot take (RFC 4918's 507, the limit it hit). */
async function refusedWrite(write: Promise<void>): Promise<SandboxAnswer | undefined> {
  try {
    await write;
  } catch (error) {
    if (!(error instanceof StorageLimitReached)) throw error;
    const { limit, max } = error;
    return {
      status: 507,
      body: problem(507, 'Insufficient Storage', error.message, undefined, { limit, max }),
      contentType: PROBLEM_CONTENT_TYPE,
      source: 'problem',
    };
  }
  return undefined;
}

/** Stores a record, or answers why the API cannot take it. */
async function store(write: Promise<void>, json: string, status: number): Promise<SandboxAnswer> {
  return (await refusedWrite(write)) ?? { status, json, source: 'record' };
}

/** The path's value in the type the answer has for it: `/pets/7` answers `"id": 7`, not `"7"`. */
function asTypeOf(current: unknown, key: string): unknown {
  return typeof current === 'number' && key.trim() !== '' && Number.isFinite(Number(key)) ? Number(key) : key;
}

/** The stored list, placed where the response expects it: the body itself, or its array field. */
function asList(
  api: CompiledApi,
  response: CompiledResponse | undefined,
  name: string,
  records: SandboxRecord[],
): unknown {
  if (!response?.listField) return records;
  const template = listEnvelope(response, api.model, name);
  return isRecord(template) ? { ...template, [response.listField]: records } : records;
}

/** Test data answers a list with all its rows, an item with the row whose id matches (else 404). */
function fromTestRows(call: Call, key: string | undefined, status: number): SandboxAnswer {
  const { api, endpoint } = call;
  const { testRows, item } = endpoint;
  if (key === undefined || !item) {
    const success = call.chosen?.response;
    const list = success?.listField !== undefined;
    const body = list ? asList(api, success, endpoint.resourceName, testRows) : testRows[0];
    return { status, body, source: 'test-data' };
  }
  const row = testRows.find((r) => String(r[item.field] ?? r[item.param]) === key);
  if (!row)
    return {
      status: 404,
      body: problem(404, 'Not Found', `No test data row with ${item.field} "${key}"`),
      contentType: PROBLEM_CONTENT_TYPE,
      source: 'problem',
    };
  return { status, body: row, source: 'test-data' };
}

/** A matched call as the runtime holds it: its API and endpoint, the path's values, the request. */
export interface MatchedCall {
  api: CompiledApi;
  endpoint: CompiledEndpoint;
  params: Record<string, string>;
  request: SandboxRequest;
}

/**
 * The answer to a matched call with the response chosen for it, its values drawn from `model` (the
 * API's, or the one a seeded API gives this request).
 */
export function respondTo(
  { api, endpoint, params, request }: MatchedCall,
  model: ApiModel,
  answer: Pick<Call, 'body' | 'chosen' | 'media' | 'preferences' | 'accept' | 'stateless'>,
  records: RecordStore,
): Promise<SandboxAnswer> {
  const answering = model === api.model ? api : { ...api, model };
  return respond({ api: answering, endpoint, params, query: request.query, ...answer }, records);
}

/**
 * The answer of a valid request (DESIGN §6), written in the media type negotiated for it: a client's
 * preference answers from the document; otherwise linked endpoints share a collection — POST stores,
 * GET lists or finds, PUT/PATCH change, DELETE removes — and a collection that never stored anything
 * answers with test data or the document's example or generated data.
 */
export async function respond(call: Call, records: RecordStore): Promise<SandboxAnswer> {
  const answered = await answer(call, records);
  // a stored record is JSON: a type that cannot carry one (text, HTML, bytes) answers its own body
  if (answered.json !== undefined && call.media && !RECORD_KINDS.has(call.media.media.kind)) {
    answered.json = undefined;
    answered.body = declaredBody(call);
    answered.source = declaredSource(call);
  }
  const written = inMediaType(answered, call.chosen, call.media, call.api.model);
  written.source = answered.source;
  return written;
}

const isPlain = (value: unknown) => typeof value === 'string' || typeof value === 'number';

/**
 * Whether a record may be the answer: a value of the schema the negotiated answer declares (always,
 * for an answer without a schema).
 */
function answers(call: Call, record: unknown): boolean {
  const schema = call.media?.media.schema;
  return schema === undefined || call.api.model.accepts(schema, record);
}

/** The methods that write a collection's records. */
const WRITES: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Media types a stored record can be written in. */
const RECORD_KINDS: ReadonlySet<MediaKind> = new Set(['json', 'xml', 'yaml', 'form']);

async function answer(call: Call, records: RecordStore): Promise<SandboxAnswer> {
  const { api, endpoint, params, body, chosen, preferences } = call;
  const success = chosen?.response;
  const status = chosen?.status ?? 200;
  const name = endpoint.resourceName;
  const preferred =
    preferences &&
    (preferences.example !== undefined ||
      preferences.dynamic !== undefined ||
      chosen !== endpoint.responses.success);
  if (preferred || call.stateless) return { status, body: declaredBody(call), source: declaredSource(call) };

  const { collection, item } = endpoint;
  const key = item ? params[item.param] : undefined;
  let stateful = await records.isStateful(api.id, collection);
  const starting = stateful ? undefined : api.startingRecords.get(collection);
  // a collection's first write stores its test data first: the write adds to them, or changes them
  if (starting && WRITES.has(endpoint.method)) {
    const refused = await refusedWrite(records.seed(api.id, collection, starting.entries()));
    if (refused) return refused;
    stateful = true;
  }
  // until then, its test data answer as its records would
  const listed = stateful ? records : starting;
  const source = stateful ? 'record' : 'test-data';

  switch (endpoint.method) {
    case 'POST': {
      if (item || !isRecord(body)) break;
      const field = api.idFields.get(collection) ?? 'id';
      const { owned, numeric } = serverOwned(call, body, field);
      const record: SandboxRecord = { ...owned, ...body };
      if (body[field] === undefined) record[field] = numeric ? newRecordNumber() : newRecordUuid();
      const kept = withoutWriteOnly(call, record);
      // an operation whose answer is not the record it took (an RPC-style call) answers as declared
      if (!answers(call, kept)) break;
      const json = JSON.stringify(kept);
      return store(records.put(api.id, collection, String(record[field]), json), json, status);
    }
    case 'GET': {
      if (!listed) break;
      if (key === undefined) {
        // test data answer a list request as a list, and anything else with its first row
        if (!stateful && success?.listField === undefined) break;
        const asked = pageOf(call.query);
        if ('problems' in asked)
          return {
            ...invalidAnswer(endpoint.responses, asked.problems, call.accept, api.model, name),
            source: 'problem',
          };
        const filters = filtersOf(endpoint.request.model, call.query);
        const page =
          filters.length > 0
            ? await filteredPage(listed, api.id, collection, filters, asked)
            : await listed.listJson(api.id, collection, asked);
        const headers = pageHeaders(call.query, asked, page);
        // A response that is the list itself gets the stored texts joined, without parsing them.
        if (!success?.listField) return { status, headers, json: `[${page.texts.join(',')}]`, source };
        const list = page.texts.map((text) => JSON.parse(text) as SandboxRecord);
        return { status, headers, body: asList(api, success, name, list), source };
      }
      const found = await listed.findJson(api.id, collection, key);
      return found ? { status, json: found, source } : notFound(call, key);
    }
    case 'PUT':
    case 'PATCH': {
      if (!stateful || key === undefined || !isRecord(body) || !item) break;
      const found = await records.find(api.id, collection, key);
      if (!found) return notFound(call, key);
      const record =
        endpoint.method === 'PUT' ? { ...body, [item.field]: found[item.field] } : { ...found, ...body };
      const kept = withoutWriteOnly(call, record);
      if (!answers(call, kept)) break;
      const json = JSON.stringify(kept);
      return store(records.put(api.id, collection, key, json), json, status);
    }
    case 'DELETE': {
      if (!stateful || key === undefined) break;
      if (!(await records.remove(api.id, collection, key))) return notFound(call, key);
      if (status === 204) return { status, source: 'none' };
      return { status, body: declaredBody(call), source: declaredSource(call) };
    }
  }

  if (endpoint.testRows.length > 0) return fromTestRows(call, key, status);
  let declared = declaredBody(call);
  // a copy: an example is the document's, shared by every answer
  // the path's key in the answer, where the answer has that field as a plain value and may take it
  if (item && key !== undefined && isRecord(declared) && isPlain(declared[item.field])) {
    const keyed = { ...declared, [item.field]: asTypeOf(declared[item.field], key) };
    if (answers(call, keyed)) declared = keyed;
  }
  if (isRecord(body) && isRecord(declared) && (endpoint.method === 'PUT' || endpoint.method === 'PATCH')) {
    const changed = withoutWriteOnly(call, { ...declared, ...body });
    if (answers(call, changed)) return { status, body: changed, source: declaredSource(call) };
  }
  return { status, body: declared, source: declaredSource(call) };
}
