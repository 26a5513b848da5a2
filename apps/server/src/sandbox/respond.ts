import type { CompiledApi, CompiledEndpoint, CompiledResponse } from './compileApi.js';
import { generateValue } from './generateValue.js';
import { pageHeaders, pageOf } from './paging.js';
import { problem } from './problem.js';
import { newRecordNumber, newRecordUuid } from './recordIds.js';
import type { RecordStore, SandboxRecord } from './records.js';
import { StorageLimitReached } from './storageLimits.js';

export interface SandboxAnswer {
  status: number;
  body?: unknown;
  /** The body already serialized (a stored record sent as it is kept). */
  json?: string;
  headers?: Record<string, string>;
}

interface Call {
  api: CompiledApi;
  endpoint: CompiledEndpoint;
  params: Record<string, string>;
  query: Record<string, string | string[] | undefined>;
  body: unknown;
  /** `Prefer: code=NNN`, when it names a configured response. */
  preferred?: CompiledResponse;
}

function generated(api: CompiledApi, response: CompiledResponse | undefined, name: string): unknown {
  if (!response) return undefined;
  if (response.example !== undefined) return response.example;
  return response.shape ? generateValue(response.shape, name, api.schemas) : undefined;
}

const notFound = ({ item, collection }: CompiledEndpoint, key: string): SandboxAnswer => ({
  status: 404,
  body: problem(404, 'Not Found', `No record with ${item?.field} "${key}" in ${collection}`),
});

/** The record as answers show it: without the properties only requests carry (a password, say). */
function withoutWriteOnly(api: CompiledApi, response: CompiledResponse | undefined, record: SandboxRecord) {
  const shape = response?.shape?.ref ? api.schemas.get(response.shape.ref) : response?.shape;
  for (const { key, shape: property } of shape?.properties ?? []) {
    if (property.writeOnly) delete record[key];
  }
  return record;
}

/** Stores a record, or answers why the API cannot take it (RFC 4918's 507, the limit it hit). */
async function store(write: Promise<void>, json: string, status: number): Promise<SandboxAnswer> {
  try {
    await write;
  } catch (error) {
    if (!(error instanceof StorageLimitReached)) throw error;
    const { limit, max } = error;
    return {
      status: 507,
      body: problem(507, 'Insufficient Storage', error.message, undefined, { limit, max }),
    };
  }
  return { status, json };
}

const isRecord = (v: unknown): v is SandboxRecord => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The stored list, placed where the response expects it: the body itself, or its array field. */
function asList(
  api: CompiledApi,
  response: CompiledResponse | undefined,
  name: string,
  records: SandboxRecord[],
): unknown {
  if (!response?.listField) return records;
  const template = generated(api, response, name);
  return isRecord(template) ? { ...template, [response.listField]: records } : records;
}

/** Test data answers a list with all its rows, an item with the row whose id matches (else 404). */
function fromTestRows(
  api: CompiledApi,
  endpoint: CompiledEndpoint,
  key: string | undefined,
  name: string,
): SandboxAnswer {
  const { testRows, item } = endpoint;
  if (key === undefined || !item) {
    const success = endpoint.responses.get(endpoint.successCode);
    const list = success?.listField !== undefined;
    return { status: endpoint.successCode, body: list ? asList(api, success, name, testRows) : testRows[0] };
  }
  const row = testRows.find((r) => String(r[item.field] ?? r[item.param]) === key);
  if (!row)
    return { status: 404, body: problem(404, 'Not Found', `No test data row with ${item.field} "${key}"`) };
  return { status: endpoint.successCode, body: row };
}

/**
 * The answer of a valid request (DESIGN §6): a preferred code answers as configured; otherwise linked
 * endpoints share a collection — POST stores, GET lists or finds, PUT/PATCH change, DELETE removes —
 * and a collection that never stored anything answers with generated data.
 */
export async function respond(call: Call, records: RecordStore): Promise<SandboxAnswer> {
  const { api, endpoint, params, body, preferred } = call;
  const success = endpoint.responses.get(endpoint.successCode);
  const name = endpoint.resourceName;
  if (preferred) return { status: preferred.code, body: generated(api, preferred, name) };

  const { collection, item } = endpoint;
  const key = item ? params[item.param] : undefined;
  const stateful = await records.isStateful(api.id, collection);

  switch (endpoint.method) {
    case 'POST': {
      if (item || !isRecord(body)) break;
      const template = generated(api, success, name);
      const record: SandboxRecord = { ...(isRecord(template) ? template : {}), ...body };
      const field = api.idFields.get(collection) ?? 'id';
      if (record[field] === undefined || (isRecord(template) && body[field] === undefined)) {
        record[field] = typeof record[field] === 'number' ? newRecordNumber() : newRecordUuid();
      }
      const json = JSON.stringify(withoutWriteOnly(api, success, record));
      return store(records.put(api.id, collection, String(record[field]), json), json, endpoint.successCode);
    }
    case 'GET': {
      if (!stateful) break;
      if (key === undefined) {
        const asked = pageOf(call.query);
        if ('problems' in asked) {
          const { invalidCode } = endpoint;
          const detail = `${asked.problems.length} problem${asked.problems.length === 1 ? '' : 's'} with the request`;
          return {
            status: invalidCode,
            body: problem(invalidCode, 'Invalid request', detail, asked.problems),
          };
        }
        const page = await records.listJson(api.id, collection, asked);
        const headers = pageHeaders(call.query, asked, page);
        // A response that is the list itself gets the stored texts joined, without parsing them.
        if (!success?.listField)
          return { status: endpoint.successCode, headers, json: `[${page.texts.join(',')}]` };
        const list = page.texts.map((text) => JSON.parse(text) as SandboxRecord);
        return { status: endpoint.successCode, headers, body: asList(api, success, name, list) };
      }
      const found = await records.findJson(api.id, collection, key);
      return found ? { status: endpoint.successCode, json: found } : notFound(endpoint, key);
    }
    case 'PUT':
    case 'PATCH': {
      if (!stateful || key === undefined || !isRecord(body) || !item) break;
      const found = await records.find(api.id, collection, key);
      if (!found) return notFound(endpoint, key);
      const record =
        endpoint.method === 'PUT' ? { ...body, [item.field]: found[item.field] } : { ...found, ...body };
      const json = JSON.stringify(withoutWriteOnly(api, success, record));
      return store(records.put(api.id, collection, key, json), json, endpoint.successCode);
    }
    case 'DELETE': {
      if (!stateful || key === undefined) break;
      if (!(await records.remove(api.id, collection, key))) return notFound(endpoint, key);
      return {
        status: endpoint.successCode,
        body: endpoint.successCode === 204 ? undefined : generated(api, success, name),
      };
    }
  }

  if (endpoint.testRows.length > 0) return fromTestRows(api, endpoint, key, name);
  const answer = generated(api, success, name);
  if (item && key !== undefined && isRecord(answer) && item.field in answer) answer[item.field] = key;
  if (isRecord(body) && isRecord(answer) && (endpoint.method === 'PUT' || endpoint.method === 'PATCH')) {
    return { status: endpoint.successCode, body: withoutWriteOnly(api, success, { ...answer, ...body }) };
  }
  return { status: endpoint.successCode, body: answer };
}
