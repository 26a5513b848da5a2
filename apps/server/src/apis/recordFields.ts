import type { DeclaredOperation } from '@sandbox/contracts';
import { RECORD_FIELD_EXTENSION, writeRecordField } from '@sandbox/engine/model/recordFieldExtension';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { createApiStore } from './store.js';

// The Params form maps an item path's parameter to a field of the records (a top-level property of one
// of the API's schemas, kept by its id on the parameter's row, so that it follows a rename). The
// sandbox reads the mapping from the declared operation, where it is written as the field's key
// (RECORD_FIELD_EXTENSION) whenever it may have changed: a Params save, a schema saved or removed, an
// endpoint removed (which clears mappings, designStore.deleteEndpoint). A parameter whose row never had
// a mapping keeps what its operation says (a document's own mapping, imported with it).

type Executor = Kysely<Database> | Transaction<Database>;

/** `endpoint id:parameter name` of a mapped path parameter. */
const placeOf = (endpointId: number, name: string) => `${endpointId}:${name}`;

/**
 * Each path parameter whose row has a mapping, by endpoint then name: its field, or null when the
 * property it pointed at is gone.
 */
async function mappedFields(
  db: Executor,
  apiMasterId: number,
): Promise<Map<number, Map<string, string | null>>> {
  const rows = await db
    .selectFrom('endpoint_parameters as p')
    .innerJoin('endpoints as e', 'e.id', 'p.endpoint_id')
    .leftJoin('body_properties as b', (join) =>
      join.onRef('b.id', '=', 'p.config_parameter_id').on('b.parent_id', 'is', null),
    )
    .leftJoin('schemas as s', (join) =>
      join.onRef('s.id', '=', 'b.schema_id').on('s.api_master_id', '=', apiMasterId),
    )
    .select(['p.endpoint_id', 'p.name', 'b.json_key', 's.id as schema_id'])
    .where('e.api_master_id', '=', apiMasterId)
    .where('p.location', '=', 'path')
    .where('p.config_parameter_id', 'is not', null)
    .execute();
  const fields = new Map<number, Map<string, string | null>>();
  for (const row of rows) {
    const own = fields.get(row.endpoint_id) ?? new Map<string, string | null>();
    own.set(row.name, row.schema_id === null ? null : row.json_key);
    fields.set(row.endpoint_id, own);
  }
  return fields;
}

/** The API's mapped path parameters as their rows have them now (to find those a save clears). */
export async function mappedPlaces(db: Executor, apiMasterId: number): Promise<Set<string>> {
  const places = new Set<string>();
  for (const [endpointId, own] of await mappedFields(db, apiMasterId))
    for (const name of own.keys()) places.add(placeOf(endpointId, name));
  return places;
}

/** The operation with the path parameters `fields` names mapped as it says (null: to nothing). */
export function withRecordFields(
  operation: DeclaredOperation,
  fields: ReadonlyMap<string, string | null>,
): DeclaredOperation {
  let written = operation;
  for (const parameter of operation.parameters) {
    if (parameter.in !== 'path' || !fields.has(parameter.name)) continue;
    const field = fields.get(parameter.name) ?? null;
    if ((parameter[RECORD_FIELD_EXTENSION] ?? null) !== field)
      written = writeRecordField(written, parameter.name, field);
  }
  return written;
}

/**
 * Writes the API's mappings into its endpoints' declared operations: each mapped parameter's field,
 * and no field for one mapped before the change (`before`, from mappedPlaces) that no longer is.
 */
export async function writeRecordFields(
  db: Executor,
  apiMasterId: number,
  before: ReadonlySet<string> = new Set(),
): Promise<void> {
  const fields = await mappedFields(db, apiMasterId);
  for (const place of before) {
    const at = place.indexOf(':');
    const [endpointId, name] = [Number(place.slice(0, at)), place.slice(at + 1)];
    const own = fields.get(endpointId) ?? new Map<string, string | null>();
    if (!own.has(name)) own.set(name, null);
    fields.set(endpointId, own);
  }
  if (fields.size === 0) return;
  const store = createApiStore(db);
  const endpoints = await db
    .selectFrom('endpoints')
    .select(['id', 'operation'])
    .where('api_master_id', '=', apiMasterId)
    .where('id', 'in', [...fields.keys()])
    .execute();
  for (const endpoint of endpoints) {
    const own = fields.get(endpoint.id) as Map<string, string | null>;
    const operation = JSON.parse(endpoint.operation) as DeclaredOperation;
    if (withRecordFields(operation, own) === operation) continue;
    await store.editOperation(endpoint.id, (read) => withRecordFields(read, own));
  }
}
