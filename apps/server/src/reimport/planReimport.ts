import type {
  BodyProperty,
  DeclaredSchemas,
  HeaderConfig,
  ImportedApi,
  KeptEdit,
  ParameterConfig,
  RequestConfig,
  ResponseConfig,
  SchemaMaster,
} from '@sandbox/contracts';
import { applyFormEdit } from '@sandbox/engine/model/applyFormEdit';
import { turns } from '@sandbox/engine/shared/giveWay';
import type { Insertable, Updateable } from 'kysely';
import { parameterRows } from '../apis/service.js';
import type {
  ApiMastersTable,
  EndpointParametersTable,
  EndpointRequestsTable,
  EndpointResponsesTable,
  EndpointsTable,
} from '../db/schema.js';
import { baselineEndpoint, endpointKey, type ImportBaseline, storedBaselineOf } from '../import/service.js';
import { type Base, keepEdited, mergeEndpoint, mergeProperties } from './merge.js';
import type { MetaChange, StoredApi, StoredEndpoint } from './stored.js';

// A re-import's writes, worked out before any is made: merge.ts's rules applied to every schema and
// endpoint a few ms at a time, other requests let in between, so that the transaction that writes
// them holds statements only. What is already as the document has it is left out of the plan.

export type EndpointValues = Omit<Insertable<EndpointsTable>, 'id'>;

/** An endpoint's parameters, request bodies and responses as they are to be written. */
export interface PlannedParts {
  parameters: ParameterConfig[];
  headers: HeaderConfig[];
  requests: RequestConfig[];
  responses: ResponseConfig[];
}

export interface PartRows {
  parameters: Insertable<EndpointParametersTable>[];
  requests: Insertable<EndpointRequestsTable>[];
  responses: Insertable<EndpointResponsesTable>[];
}

export interface ReimportPlan {
  schemas: {
    removed: number[];
    /** Schemas that remain and differ: their definition and property tree (with the ids that remain). */
    changed: { id: number; definition: string; properties: BodyProperty[] }[];
    added: SchemaMaster[];
  };
  endpoints: {
    removed: number[];
    /** Endpoints that remain and whose row differs, written whole. */
    changed: { id: number; values: EndpointValues }[];
    /** Endpoints that remain and differ only by their place in the list. */
    moved: { id: number; position: number }[];
    /** Endpoints that remain and whose parts differ: their parts are written anew. */
    reparted: { id: number; rows: PartRows }[];
    added: { values: EndpointValues; parts: PlannedParts }[];
    /** Links of remaining endpoints to removed ones, dropped. */
    edited: { id: number; set: Updateable<EndpointsTable> }[];
  };
  api: Updateable<ApiMastersTable>;
  /** The document's traffic simulation, set only where the API has none of its own. */
  behaviour: string | null;
  /** Where a value set by hand is kept over the document's change of it: endpoints', then schemas'. */
  keptEdits: KeptEdit[];
}

/** The rows of an endpoint's parts. */
export function partRows(endpointId: number, parts: PlannedParts): PartRows {
  return {
    parameters: parameterRows(endpointId, parts.parameters, parts.headers),
    requests: parts.requests.map((r) => ({
      endpoint_id: endpointId,
      content_type: r.contentType,
      schema_name: r.schemaName,
      is_required: r.isRequired ? 1 : 0,
    })),
    responses: parts.responses.map((r) => ({
      endpoint_id: endpointId,
      code: r.responseCode,
      description: r.responseDescription,
      schema_name: r.responseSchemaName,
      content_type: r.contentType,
      example: r.example === undefined ? null : JSON.stringify(r.example),
    })),
  };
}

const LINK_COLUMNS = ['get_api_id', 'post_api_id', 'put_api_id', 'patch_api_id', 'delete_api_id'] as const;

/** Whether each column to write holds the value stored already (absent and null are one). */
function sameValues(planned: object, stored: object): boolean {
  return Object.entries(planned).every(
    ([column, value]) => (value ?? null) === ((stored as Record<string, unknown>)[column] ?? null),
  );
}

/** Whether rows to write are the stored ones but for their ids, in the same order. */
function sameRows(planned: object[], stored: object[]): boolean {
  return planned.length === stored.length && planned.every((row, i) => sameValues(row, stored[i] as object));
}

function samePartRows(planned: PartRows, stored: StoredEndpoint['rows']): boolean {
  // responses are read back by code, whatever the order they were written in
  const byCode = (rows: { code: string }[]) => [...rows].sort((a, b) => (a.code < b.code ? -1 : 1));
  return (
    sameRows(planned.parameters, stored.parameters) &&
    sameRows(planned.requests, stored.requests) &&
    sameRows(byCode(planned.responses), byCode(stored.responses))
  );
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

/** A property tree as stored: ids, keys, fields (in any order) and children, to compare as text. */
function treeText(properties: BodyProperty[]): string {
  const node = ({ configProperties, ...fields }: BodyProperty): unknown => [
    Object.entries(fields)
      .filter(([, value]) => value !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1)),
    (configProperties ?? []).map(node),
  ];
  return JSON.stringify(properties.map(node));
}

/** The ids of every property of these trees. */
function propertyIdsOf(properties: BodyProperty[], into: Set<number>): Set<number> {
  for (const p of properties) {
    if (p.id !== undefined) into.add(p.id);
    if (p.configProperties?.length) propertyIdsOf(p.configProperties, into);
  }
  return into;
}

/**
 * Brings the schemas to the document's: removed ones go, new ones are added, remaining ones keep
 * their row and their properties' ids (mappings point at them). Answers the declared model with the
 * hand-set fields written in, and the ids of the properties that exist afterwards.
 */
async function planSchemas(
  stored: StoredApi,
  imported: ImportedApi,
  giveWay: () => Promise<void>,
): Promise<{
  plan: ReimportPlan['schemas'];
  declared: DeclaredSchemas | null;
  propertyIds: Set<number>;
  keptEdits: KeptEdit[];
}> {
  const { baseline } = stored;
  const nextNames = new Set(imported.schemas.map((s) => s.schemaName));
  const unmatched = stored.schemas.filter((s) => !nextNames.has(s.schemaName));
  const plan: ReimportPlan['schemas'] = {
    removed: unmatched.filter((s) => !s.isDesigned).map((s) => s.id as number),
    changed: [],
    added: [],
  };
  const propertyIds = new Set<number>();
  const keptEdits: KeptEdit[] = [];
  let declared = imported.declaredSchemasJson
    ? (JSON.parse(imported.declaredSchemasJson) as DeclaredSchemas)
    : null;
  // a schema added in the product stays, in the model too
  const designed = unmatched.filter((s) => s.isDesigned);
  for (const s of designed) propertyIdsOf(s.configProperties, propertyIds);
  const storedModel = stored.declared;
  const designedModels = designed.flatMap((s) =>
    Object.hasOwn(storedModel, s.schemaName) ? [[s.schemaName, storedModel[s.schemaName]] as const] : [],
  );
  if (designedModels.length) declared = { ...(declared ?? {}), ...Object.fromEntries(designedModels) };
  const names = new Set(declared ? Object.keys(declared) : []);
  const storedByName = new Map(stored.schemas.map((s) => [s.schemaName, s]));
  const baseByName = baseline && new Map(baseline.schemas.map((s) => [s.schemaName, s]));
  for (const schema of imported.schemas) {
    await giveWay();
    const was = storedByName.get(schema.schemaName);
    if (!was) {
      plan.added.push(schema);
      continue;
    }
    const base: Base<SchemaMaster> = baseByName === null ? null : baseByName.get(schema.schemaName);
    const place = `schema ${schema.schemaName}`;
    const kept = keepEdited(schema, was, base, ['description'], () =>
      keptEdits.push({ place, field: 'description' }),
    );
    const properties = mergeProperties(
      was.configProperties,
      schema.configProperties,
      base === null ? null : base?.configProperties,
      (key, field) => keptEdits.push({ place, part: `property ${key}`, field: field as KeptEdit['field'] }),
    );
    propertyIdsOf(properties, propertyIds);
    const definition = schemaDefinition(kept);
    if (definition !== schemaDefinition(was) || treeText(properties) !== treeText(was.configProperties))
      plan.changed.push({ id: was.id as number, definition, properties });
    if (declared && Object.hasOwn(declared, schema.schemaName)) {
      let model = applyFormEdit(declared[schema.schemaName], schema.configProperties, properties, names);
      if (kept.description && typeof model === 'object') model = { ...model, description: kept.description };
      declared[schema.schemaName] = model;
    }
  }
  return { plan, declared, propertyIds, keptEdits };
}

/**
 * The places of endpoints in their new order, given the places they have (undefined: a new one). Only
 * the order of places counts: an endpoint keeps its own while the order allows, and the others take
 * the free ones after it, so that removing endpoints or adding them at the end moves no other row
 * (every row moved is written again, operation and all, while the write holds everyone up).
 */
export function placesOf(stored: (number | undefined)[]): number[] {
  const places: number[] = [];
  let last = -1;
  let waiting: number[] = [];
  const placeWaiting = () => {
    for (const index of waiting) places[index] = ++last;
    waiting = [];
  };
  for (const [index, place] of stored.entries()) {
    if (place !== undefined && place > last + waiting.length) {
      placeWaiting();
      places[index] = place;
      last = place;
    } else waiting.push(index);
  }
  placeWaiting();
  return places;
}

/**
 * What applying `imported` to the API `stored` writes: afterwards the API has the document's
 * endpoints and schemas with what the user set by hand on those remaining.
 */
export async function planReimport(
  stored: StoredApi,
  imported: ImportedApi,
  meta: MetaChange,
): Promise<ReimportPlan> {
  const giveWay = turns();
  const {
    plan: schemas,
    declared,
    propertyIds,
    keptEdits: schemaEdits,
  } = await planSchemas(stored, imported, giveWay);
  const keptEdits: KeptEdit[] = [];
  const endpoints: ReimportPlan['endpoints'] = {
    removed: [],
    changed: [],
    moved: [],
    reparted: [],
    added: [],
    edited: [],
  };
  const baseline: ImportBaseline | null = stored.baseline;
  const byKey = new Map(stored.endpoints.map((e) => [endpointKey(e), e]));
  const matched = imported.endpoints.map((next) => byKey.get(endpointKey(next)));
  for (const next of imported.endpoints) byKey.delete(endpointKey(next));
  // an endpoint added in the product stays, after the document's
  const designed = [...byKey.values()].filter((e) => e.isDesigned);
  const places = placesOf([...matched, ...designed].map((e) => e?.row.position));
  const remaining = new Set<number>();
  for (const [index, next] of imported.endpoints.entries()) {
    await giveWay();
    const was = matched[index];
    const position = places[index] as number;
    const merged = mergeEndpoint(next, was, propertyIds, baseline && baselineEndpoint(baseline, next));
    keptEdits.push(...merged.keptEdits);
    const values: EndpointValues = {
      api_master_id: stored.id,
      position,
      tag: next.apiTag,
      method: next.methodType,
      path: next.apiEndPoint,
      summary: merged.summary,
      operation_id: next.operationId,
      operation: merged.operation,
      behaviour: merged.behaviour,
    };
    const parts: PlannedParts = {
      parameters: merged.parameters,
      headers: merged.headers,
      requests: next.requestConfigList,
      responses: merged.responses,
    };
    if (!was) {
      endpoints.added.push({ values, parts });
      continue;
    }
    const id = was.row.id;
    remaining.add(id);
    const { position: _, ...rest } = values;
    if (!sameValues(rest, was.row)) endpoints.changed.push({ id, values });
    else if (position !== was.row.position) endpoints.moved.push({ id, position });
    const rows = partRows(id, parts);
    if (!samePartRows(rows, was.rows)) endpoints.reparted.push({ id, rows });
  }
  for (const [index, e] of designed.entries()) {
    remaining.add(e.row.id);
    const position = places[imported.endpoints.length + index] as number;
    if (e.row.position !== position) endpoints.moved.push({ id: e.row.id, position });
  }
  endpoints.removed = [...byKey.values()].filter((e) => !e.isDesigned).map((e) => e.row.id);

  // links to endpoints the document removed are dropped from the lists of those that remain
  for (const endpoint of stored.endpoints) {
    if (!remaining.has(endpoint.row.id)) continue;
    const links: Updateable<EndpointsTable> = {};
    for (const column of LINK_COLUMNS) {
      const list = endpoint.row[column];
      if (!list) continue;
      const kept = list.split(',').filter((id) => remaining.has(Number(id)));
      if (kept.length !== list.split(',').length) links[column] = kept.length ? kept.join(',') : null;
    }
    if (Object.keys(links).length) endpoints.edited.push({ id: endpoint.row.id, set: links });
  }

  await giveWay();
  // the API keeps its named schemas whatever the document names: none, when it names none
  const declaredJson = JSON.stringify(declared ?? {});
  await giveWay();
  return {
    schemas,
    endpoints,
    api: {
      ...(meta.name !== undefined && { name: meta.name }),
      ...(meta.description !== undefined && { description: meta.description }),
      ...(meta.version !== undefined && { version: meta.version }),
      ...(meta.isAuthRequired !== undefined && { is_auth_required: meta.isAuthRequired ? 1 : 0 }),
      security_schemes: imported.securitySchemes ? JSON.stringify(imported.securitySchemes) : null,
      declared_schemas: declaredJson,
      import_warnings: imported.warnings?.length ? JSON.stringify(imported.warnings) : null,
      // what this document brought is what the next re-import tells hand edits by
      import_baseline: storedBaselineOf(imported),
      updated_at: new Date().toISOString(),
    },
    behaviour: imported.behaviour ? JSON.stringify(imported.behaviour) : null,
    keptEdits: [...keptEdits, ...schemaEdits],
  };
}
