import type { DeclaredSchemas, ImportedApi, ImportedEndpoint, SchemaMaster } from '@sandbox/contracts';
import type { Kysely, Selectable, Transaction } from 'kysely';
import { parameterRows, toHeader, toParameter, toResponse } from '../apis/endpointRows.js';
import { inChunks } from '../apis/inChunks.js';
import {
  insertSchemas,
  loadDeclaredSchemas,
  loadSchemas,
  saveSchemaProperties,
} from '../apis/schemaStore.js';
import type { ApiMeta } from '../apis/store.js';
import type { Database, EndpointsTable } from '../db/schema.js';
import { applyFormEdit } from '../model/applyFormEdit.js';
import {
  baselineEndpoint,
  type ImportBaseline,
  markHandAdded,
  parseBaseline,
  storedBaselineOf,
} from './baseline.js';
import { type EndpointParts, endpointKey, type Side } from './diff.js';
import { baseIn, keepEdited, mergeEndpoint, mergeProperties } from './merge.js';

// A re-import read from and written to the API's tables, in the caller's transaction. Rows that
// remain keep their ids, so that links, test data, mappings and the request log keep pointing at
// them. Tokens, the deployment and the answer seed are the API's and are not touched.

export type Executor = Kysely<Database> | Transaction<Database>;

/** An endpoint as stored: its row (links, behaviour, declared operation) and its parts. */
export type StoredEndpoint = EndpointParts & { row: Selectable<EndpointsTable> };

/**
 * Every endpoint of the API with its parts, and its schemas: a few statements, not one an endpoint.
 * What the last import did not bring is marked as added by hand (isDesigned); with the baseline it
 * was told by, null for an API imported before baselines were kept.
 */
export async function loadStoredApi(
  db: Executor,
  apiMasterId: number,
): Promise<Omit<Side, 'endpoints'> & { endpoints: StoredEndpoint[]; baseline: ImportBaseline | null }> {
  const rows = await db
    .selectFrom('endpoints')
    .selectAll()
    .where('api_master_id', '=', apiMasterId)
    .orderBy('position')
    .execute();
  const endpoints = new Map<number, StoredEndpoint>(
    rows.map((row) => [
      row.id,
      {
        row,
        isDesigned: row.is_designed === 1,
        methodType: row.method as StoredEndpoint['methodType'],
        apiEndPoint: row.path,
        parameterConfigList: [],
        headerConfigList: [],
        requestConfigList: [],
        responseConfigList: [],
      },
    ]),
  );
  const of = (endpointId: number) => endpoints.get(endpointId) as StoredEndpoint;
  await inChunks([...endpoints.keys()], async (ids) => {
    const [params, requests, responses] = await Promise.all([
      db
        .selectFrom('endpoint_parameters')
        .selectAll()
        .where('endpoint_id', 'in', ids)
        .orderBy('endpoint_id')
        .orderBy('position')
        .execute(),
      db.selectFrom('endpoint_requests').selectAll().where('endpoint_id', 'in', ids).orderBy('id').execute(),
      db
        .selectFrom('endpoint_responses')
        .selectAll()
        .where('endpoint_id', 'in', ids)
        .orderBy('code')
        .execute(),
    ]);
    for (const p of params) {
      if (p.location === 'header') of(p.endpoint_id).headerConfigList.push(toHeader(p));
      else of(p.endpoint_id).parameterConfigList.push(toParameter(p));
    }
    for (const r of requests) {
      of(r.endpoint_id).requestConfigList.push({
        id: r.id,
        contentType: r.content_type,
        schemaName: r.schema_name,
        isRequired: Boolean(r.is_required),
      });
    }
    for (const r of responses) of(r.endpoint_id).responseConfigList.push(toResponse(r));
  });
  const { import_baseline } = await db
    .selectFrom('api_masters')
    .select('import_baseline')
    .where('id', '=', apiMasterId)
    .executeTakeFirstOrThrow();
  const baseline = await parseBaseline(import_baseline);
  const stored = {
    endpoints: [...endpoints.values()],
    schemas: await loadSchemas(db, apiMasterId),
    named: namedSchemas((await loadDeclaredSchemas(db, apiMasterId)) ?? undefined),
    baseline,
  };
  if (baseline) markHandAdded(stored, baseline);
  return stored;
}

/** The names of a model's schemas; null for an API kept without a model (every schema counts as named). */
export function namedSchemas(declared: DeclaredSchemas | undefined): Set<string> | null {
  return declared ? new Set(Object.keys(declared)) : null;
}

const LINK_COLUMNS = ['get_api_id', 'post_api_id', 'put_api_id', 'patch_api_id', 'delete_api_id'] as const;

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
  baseline: ImportBaseline | null,
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
    const base = baseIn(
      baseline === null ? null : baseline.schemas,
      (b) => b.schemaName === schema.schemaName,
    );
    const kept = keepEdited(schema, was, base, ['description']);
    const properties = mergeProperties(
      was.configProperties,
      schema.configProperties,
      base === null ? null : base?.configProperties,
    );
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
  const rows = parameterRows(endpointId, merged.parameters, merged.headers);
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
    stored.baseline,
  );

  const byKey = new Map(stored.endpoints.map((e) => [endpointKey(e), e]));
  const remaining = new Set<number>();
  for (const [position, next] of imported.endpoints.entries()) {
    const was = byKey.get(endpointKey(next));
    if (was) byKey.delete(endpointKey(next));
    const merged = mergeEndpoint(
      next,
      was,
      propertyIds,
      stored.baseline && baselineEndpoint(stored.baseline, next),
    );
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
      // what this document brought is what the next re-import tells hand edits by
      import_baseline: storedBaselineOf(imported),
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
