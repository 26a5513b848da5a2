import type {
  BodyProperty,
  DeclaredOperation,
  DeclaredSchemas,
  HeaderConfig,
  ImportedApi,
  ImportedEndpoint,
  ParameterConfig,
  ResponseConfig,
  SchemaMaster,
} from '@sandbox/contracts';
import type { Insertable } from 'kysely';
import { parameterSpec } from '../apis/endpointRows.js';
import { inChunks } from '../apis/inChunks.js';
import { insertSchemas, loadDeclaredSchemas, saveSchemaProperties } from '../apis/schemaStore.js';
import type { ApiMeta } from '../apis/store.js';
import type { EndpointParametersTable } from '../db/schema.js';
import { applyFormEdit } from '../model/applyFormEdit.js';
import { applyParameterEdits, type ParameterDescriptionEdit } from '../model/applyParameterEdit.js';
import { applyResponseEdit } from '../model/applyResponseEdit.js';
import { endpointKey, parameterKey } from './diff.js';
import { type Executor, loadStoredApi, type StoredEndpoint } from './storedApi.js';

// Applying a re-import: the document decides what exists and its shape; what a user set by hand on
// what remains (descriptions, lengths, defaults, auto-generation types, mappings, links, behaviour)
// is carried over, and rows that remain keep their ids, so that links, test data, mappings and the
// request log keep pointing at them. Tokens, the deployment and the answer seed are the API's and
// are not touched.

const LINK_COLUMNS = ['get_api_id', 'post_api_id', 'put_api_id', 'patch_api_id', 'delete_api_id'] as const;

/** Keeps the stored value of each field the user may have set, while the new one is of the same type. */
function keepSet<T extends object>(next: T, stored: T, fields: (keyof T)[]): T {
  const merged = { ...next };
  for (const field of fields) {
    const value = stored[field];
    if (value !== undefined && value !== null && value !== '') merged[field] = value;
  }
  return merged;
}

const PROPERTY_SET_BY_HAND: (keyof BodyProperty)[] = [
  'minLength',
  'maxLength',
  'defaultValue',
  'autoGenerationType',
];

/** The document's property tree with the stored ids and hand-set fields of the properties that remain. */
export function mergeProperties(stored: BodyProperty[], next: BodyProperty[]): BodyProperty[] {
  const added = stored.filter((s) => s.isDesigned && !next.some((p) => p.jsonKey === s.jsonKey));
  return [...fromDocument(stored, next), ...added];
}

function fromDocument(stored: BodyProperty[], next: BodyProperty[]): BodyProperty[] {
  return next.map((property) => {
    const was = stored.find((s) => s.jsonKey === property.jsonKey);
    if (!was) return property;
    let merged: BodyProperty = { ...property, id: was.id };
    merged = keepSet(merged, was, ['description']);
    // a length or an automatic value no longer fits a property the document gave another type
    if (was.jsonKeyType === property.jsonKeyType) merged = keepSet(merged, was, PROPERTY_SET_BY_HAND);
    if (property.configProperties?.length || was.configProperties?.length)
      merged.configProperties = mergeProperties(was.configProperties ?? [], property.configProperties ?? []);
    return merged;
  });
}

function mergeParameter<T extends ParameterConfig | HeaderConfig>(next: T, stored: T | undefined): T {
  if (!stored) return next;
  let merged = keepSet(next, stored, ['description'] as (keyof T)[]);
  if (stored.dataType === next.dataType)
    merged = keepSet(merged, stored, ['defaultValue', 'minLength', 'maxLength'] as (keyof T)[]);
  return merged;
}

function schemaDefinition({
  id: _i,
  schemaName: _n,
  apiMasterId: _a,
  configProperties: _p,
  ...rest
}: SchemaMaster) {
  return JSON.stringify(rest);
}

/**
 * Brings the schemas to the document's: removed ones go, new ones are added, remaining ones keep
 * their row and their properties' ids (mappings point at them). Answers the declared model with the
 * hand-set fields written in, and the ids of the properties that exist afterwards.
 */
async function applySchemas(
  trx: Executor,
  apiMasterId: number,
  stored: SchemaMaster[],
  next: SchemaMaster[],
  declaredJson: string | undefined,
  storedModel: DeclaredSchemas | null,
): Promise<{ declared: DeclaredSchemas | null; propertyIds: Set<number> }> {
  const nextNames = new Set(next.map((s) => s.schemaName));
  const unmatched = stored.filter((s) => !nextNames.has(s.schemaName));
  const gone = unmatched.filter((s) => !s.isDesigned).map((s) => s.id as number);
  await inChunks(gone, (ids) => trx.deleteFrom('schemas').where('id', 'in', ids).execute());
  let declared = declaredJson ? (JSON.parse(declaredJson) as DeclaredSchemas) : null;
  // a schema added in the product stays, in the model too
  const designedModels = unmatched.flatMap((s) =>
    s.isDesigned && storedModel && Object.hasOwn(storedModel, s.schemaName)
      ? [[s.schemaName, storedModel[s.schemaName]] as const]
      : [],
  );
  if (designedModels.length) declared = { ...(declared ?? {}), ...Object.fromEntries(designedModels) };
  const names = new Set(declared ? Object.keys(declared) : []);
  const added: SchemaMaster[] = [];
  for (const schema of next) {
    const was = stored.find((s) => s.schemaName === schema.schemaName);
    if (!was) {
      added.push(schema);
      continue;
    }
    const kept = keepSet(schema, was, ['description']);
    const properties = mergeProperties(was.configProperties, schema.configProperties);
    await trx
      .updateTable('schemas')
      .set({ definition: schemaDefinition(kept) })
      .where('id', '=', was.id as number)
      .execute();
    await saveSchemaProperties(trx, was.id as number, properties);
    if (declared && Object.hasOwn(declared, schema.schemaName)) {
      let model = applyFormEdit(declared[schema.schemaName], schema.configProperties, properties, names);
      if (kept.description && typeof model === 'object') model = { ...model, description: kept.description };
      declared[schema.schemaName] = model;
    }
  }
  await insertSchemas(trx, apiMasterId, added);
  const propertyIds = new Set(
    (
      await trx
        .selectFrom('body_properties')
        .innerJoin('schemas', 'schemas.id', 'body_properties.schema_id')
        .select('body_properties.id')
        .where('schemas.api_master_id', '=', apiMasterId)
        .execute()
    ).map((r) => r.id),
  );
  return { declared, propertyIds };
}

/** The document's endpoint with the hand-set fields of the stored one, and its declared operation so written. */
function mergeEndpoint(next: ImportedEndpoint, stored: StoredEndpoint | undefined, propertyIds: Set<number>) {
  const storedParameters = new Map<string, ParameterConfig | HeaderConfig>(
    [...(stored?.parameterConfigList ?? []), ...(stored?.headerConfigList ?? [])].map((p) => [
      parameterKey(p),
      p,
    ]),
  );
  const validMapping = (id: number | null | undefined) => (id && propertyIds.has(id) ? id : null);
  // a template parameter renamed (`{id}` → `{hootId}`) is the one at the same place in the path
  const templateNames = (path: string) => [...path.matchAll(/\{([^}]*)\}/g)].map((m) => m[1]);
  const storedTemplate = stored ? templateNames(stored.apiEndPoint) : [];
  const nextTemplate = templateNames(next.apiEndPoint);
  const storedPathParameter = (name: string) => {
    const at = nextTemplate.indexOf(name);
    return at >= 0 && storedTemplate[at] !== undefined
      ? storedParameters.get(`path ${storedTemplate[at]}`)
      : undefined;
  };
  const parameters = next.parameterConfigList.map((p) => {
    const was = (storedParameters.get(parameterKey(p)) ??
      (p.parameterType === 'path' ? storedPathParameter(p.keyName) : undefined)) as
      | ParameterConfig
      | undefined;
    const merged = mergeParameter(p, was);
    // a mapping to a body property the document removed has nothing left to point at
    return { ...merged, configParameterId: validMapping(was?.configParameterId) };
  });
  const headers = next.headerConfigList.map((h) => {
    const was = storedParameters.get(parameterKey(h)) as HeaderConfig | undefined;
    return { ...mergeParameter(h, was), parameterType: was?.parameterType ?? h.parameterType };
  });
  // rows added in the product that the document does not have stay, as their declared parameters
  const nextKeys = new Set([...next.parameterConfigList, ...next.headerConfigList].map(parameterKey));
  const designedRows = [...storedParameters.values()].filter(
    // path parameters are the template's: one the path no longer has is gone
    (p) => p.isDesigned && !nextKeys.has(parameterKey(p)) && !('keyName' in p && p.parameterType === 'path'),
  );
  for (const row of designedRows) {
    if ('headerKey' in row) headers.push(row);
    else parameters.push({ ...row, configParameterId: validMapping(row.configParameterId) });
  }
  const storedResponses = new Map((stored?.responseConfigList ?? []).map((r) => [r.responseCode, r]));
  const responses: ResponseConfig[] = next.responseConfigList.map((r) => {
    const was = storedResponses.get(r.responseCode);
    return was ? keepSet(r, was, ['responseDescription']) : r;
  });

  let operation = next.operationJson ?? null;
  if (operation && stored) {
    let declared = JSON.parse(operation) as DeclaredOperation;
    const edits: ParameterDescriptionEdit[] = [
      ...parameters.map((p) => ({ name: p.keyName, kind: 'parameter' as const, description: p.description })),
      ...headers.map((h) => ({ name: h.headerKey, kind: 'header' as const, description: h.description })),
    ].filter((edit) => edit.description);
    declared = applyParameterEdits(declared, edits);
    const storedOperation = stored.row.operation
      ? (JSON.parse(stored.row.operation) as DeclaredOperation)
      : null;
    for (const row of designedRows) {
      const name = 'headerKey' in row ? row.headerKey : row.keyName;
      const place = 'headerKey' in row ? 'header' : row.parameterType;
      const written = storedOperation?.parameters.find((p) => p.in === place && p.name === name);
      if (written && !declared.parameters.some((p) => p.in === place && p.name === name))
        declared.parameters.push(written);
    }
    for (const r of responses) {
      const original = next.responseConfigList.find((n) => n.responseCode === r.responseCode);
      if (original && original.responseDescription !== r.responseDescription)
        declared = applyResponseEdit(declared, { code: r.responseCode, description: r.responseDescription });
    }
    operation = JSON.stringify(declared);
  }
  return {
    summary: stored?.row.summary || next.summary,
    parameters,
    headers,
    responses,
    operation,
    behaviour: stored?.row.behaviour ?? (next.behaviour ? JSON.stringify(next.behaviour) : null),
  };
}

/** Rewrites an endpoint's parameters, request bodies and responses as merged. */
async function writeParts(
  trx: Executor,
  endpointId: number,
  next: ImportedEndpoint,
  merged: ReturnType<typeof mergeEndpoint>,
) {
  await trx.deleteFrom('endpoint_parameters').where('endpoint_id', '=', endpointId).execute();
  await trx.deleteFrom('endpoint_requests').where('endpoint_id', '=', endpointId).execute();
  await trx.deleteFrom('endpoint_responses').where('endpoint_id', '=', endpointId).execute();
  const rows: Insertable<EndpointParametersTable>[] = [
    ...merged.parameters.map((p) => ({
      location: p.parameterType,
      name: p.keyName,
      type: p.parameterType,
      configParameterId: p.configParameterId ?? null,
      p,
    })),
    ...merged.headers.map((p) => ({
      location: 'header' as const,
      name: p.headerKey,
      type: p.parameterType,
      configParameterId: null,
      p,
    })),
  ].map(({ location, name, type, configParameterId, p }, position) => ({
    endpoint_id: endpointId,
    position,
    location,
    name,
    parameter_type: type,
    description: p.description,
    is_required: p.isRequired ? 1 : 0,
    spec: parameterSpec(p),
    config_parameter_id: configParameterId,
  }));
  await inChunks(rows, (chunk) => trx.insertInto('endpoint_parameters').values(chunk).execute());
  await inChunks(next.requestConfigList, (chunk) =>
    trx
      .insertInto('endpoint_requests')
      .values(
        chunk.map((r) => ({
          endpoint_id: endpointId,
          content_type: r.contentType,
          schema_name: r.schemaName,
          is_required: r.isRequired ? 1 : 0,
        })),
      )
      .execute(),
  );
  await inChunks(merged.responses, (chunk) =>
    trx
      .insertInto('endpoint_responses')
      .values(
        chunk.map((r) => ({
          endpoint_id: endpointId,
          code: r.responseCode,
          description: r.responseDescription,
          schema_name: r.responseSchemaName,
          content_type: r.contentType,
          example: r.example === undefined ? null : JSON.stringify(r.example),
        })),
      )
      .execute(),
  );
}

/** The fields of the re-import form the user filled: the API keeps its own for the rest. */
export type MetaChange = Partial<ApiMeta>;

/**
 * Applies an imported document to an existing API inside `trx` (the caller's transaction): afterwards
 * the API has the document's endpoints and schemas with what the user set by hand on those remaining.
 */
export async function applyReimport(
  trx: Executor,
  apiMasterId: number,
  imported: ImportedApi,
  meta: MetaChange,
): Promise<void> {
  const stored = await loadStoredApi(trx, apiMasterId);
  const { declared, propertyIds } = await applySchemas(
    trx,
    apiMasterId,
    stored.schemas,
    imported.schemas,
    imported.declaredSchemasJson,
    await loadDeclaredSchemas(trx, apiMasterId),
  );

  const byKey = new Map(stored.endpoints.map((e) => [endpointKey(e), e]));
  const remaining = new Set<number>();
  for (const [position, next] of imported.endpoints.entries()) {
    const was = byKey.get(endpointKey(next));
    if (was) byKey.delete(endpointKey(next));
    const merged = mergeEndpoint(next, was, propertyIds);
    const values = {
      api_master_id: apiMasterId,
      position,
      tag: next.apiTag,
      method: next.methodType,
      path: next.apiEndPoint,
      summary: merged.summary,
      operation_id: next.operationId,
      operation: merged.operation,
      behaviour: merged.behaviour,
    };
    let id: number;
    if (was) {
      id = was.row.id;
      await trx.updateTable('endpoints').set(values).where('id', '=', id).execute();
    } else {
      id = (await trx.insertInto('endpoints').values(values).returning('id').executeTakeFirstOrThrow()).id;
    }
    remaining.add(id);
    await writeParts(trx, id, next, merged);
  }
  // an endpoint added in the product stays, after the document's
  let position = imported.endpoints.length;
  for (const e of byKey.values()) {
    if (!e.isDesigned) continue;
    remaining.add(e.row.id);
    await trx.updateTable('endpoints').set({ position: position++ }).where('id', '=', e.row.id).execute();
  }
  const removed = [...byKey.values()].filter((e) => !e.isDesigned).map((e) => e.row.id);
  await inChunks(removed, (ids) => trx.deleteFrom('endpoints').where('id', 'in', ids).execute());

  // links to endpoints the document removed are dropped from the lists of those that remain
  for (const endpoint of stored.endpoints) {
    if (!remaining.has(endpoint.row.id)) continue;
    const links: Partial<Record<(typeof LINK_COLUMNS)[number], string | null>> = {};
    for (const column of LINK_COLUMNS) {
      const list = endpoint.row[column];
      if (!list) continue;
      const kept = list.split(',').filter((id) => remaining.has(Number(id)));
      if (kept.length !== list.split(',').length) links[column] = kept.length ? kept.join(',') : null;
    }
    if (Object.keys(links).length)
      await trx.updateTable('endpoints').set(links).where('id', '=', endpoint.row.id).execute();
  }

  await trx
    .updateTable('api_masters')
    .set({
      ...(meta.name !== undefined && { name: meta.name }),
      ...(meta.description !== undefined && { description: meta.description }),
      ...(meta.version !== undefined && { version: meta.version }),
      ...(meta.isAuthRequired !== undefined && { is_auth_required: meta.isAuthRequired ? 1 : 0 }),
      security_schemes: imported.securitySchemes ? JSON.stringify(imported.securitySchemes) : null,
      declared_schemas: declared ? JSON.stringify(declared) : null,
      import_warnings: imported.warnings?.length ? JSON.stringify(imported.warnings) : null,
      updated_at: new Date().toISOString(),
    })
    .where('id', '=', apiMasterId)
    .execute();
  if (imported.behaviour) {
    // the API's own traffic simulation, when set, stays
    await trx
      .updateTable('api_masters')
      .set({ behaviour: JSON.stringify(imported.behaviour) })
      .where('id', '=', apiMasterId)
      .where('behaviour', 'is', null)
      .execute();
  }
}
