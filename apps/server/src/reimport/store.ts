import type { DeclaredSchemas, SchemaMaster } from '@sandbox/contracts';
import { inChunks, nextTurn } from '@sandbox/engine/shared/inChunks';
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import {
  insertSchemas,
  loadSchemas,
  saveSchemaProperties,
  toHeader,
  toParameter,
  toResponse,
  writeRecordFields,
} from '../apis/service.js';
import type { Database, EndpointsTable } from '../db/schema.js';
import { markHandAdded, parseBaseline } from '../import/service.js';
import { type PartRows, partRows, type ReimportPlan } from './planReimport.js';
import type { StoredApi, StoredEndpoint } from './stored.js';

// A re-import read from and written to the API's tables. Rows that remain keep their ids, so that
// links, test data, mappings and the request log keep pointing at them. Tokens, the deployment and
// the answer seed are the API's and are not touched.

export type Executor = Kysely<Database> | Transaction<Database>;

/** Schemas read a slice at a time: all of a large API's properties at once held the CPU for 100 ms and more. */
const SCHEMAS_AT_ONCE = 50;
/** Endpoints read a slice at a time, their rows and parts: each row carries its declared operation. */
const ENDPOINTS_AT_ONCE = 50;

async function loadAllSchemas(db: Executor, apiMasterId: number): Promise<SchemaMaster[]> {
  const names = await db
    .selectFrom('schemas')
    .select('name')
    .where('api_master_id', '=', apiMasterId)
    .orderBy('id')
    .execute();
  const schemas: SchemaMaster[] = [];
  await inChunks(
    names.map((n) => n.name),
    async (chunk) => schemas.push(...(await loadSchemas(db, apiMasterId, chunk))),
    SCHEMAS_AT_ONCE,
  );
  return schemas;
}

/**
 * Every endpoint of the API with its parts, and its schemas: a few statements, not one an endpoint,
 * with other requests served between them. What the last import did not bring is marked as added by
 * hand (isDesigned).
 */
export async function loadStoredApi(db: Executor, apiMasterId: number): Promise<StoredApi> {
  // read first: a change made while the rest is read is one the write will find
  const api = await db
    .selectFrom('api_masters')
    .select(['import_baseline', 'updated_at', 'declared_schemas'])
    .where('id', '=', apiMasterId)
    .executeTakeFirstOrThrow();
  // the rows carry their declared operations, megabytes for a large API: read a slice at a time
  const ids = await db
    .selectFrom('endpoints')
    .select('id')
    .where('api_master_id', '=', apiMasterId)
    .orderBy('position')
    .execute();
  const rows: Selectable<EndpointsTable>[] = [];
  await inChunks(
    ids,
    async (chunk) => {
      const read = await db
        .selectFrom('endpoints')
        .selectAll()
        .where(
          'id',
          'in',
          chunk.map((r) => r.id),
        )
        .orderBy('position')
        .execute();
      rows.push(...read);
    },
    ENDPOINTS_AT_ONCE,
  );
  const endpoints = new Map<number, StoredEndpoint>(
    rows.map((row) => [
      row.id,
      {
        row,
        rows: { parameters: [], requests: [], responses: [] },
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
  await inChunks(
    [...endpoints.keys()],
    async (ids) => {
      const [params, requests, responses] = await Promise.all([
        db
          .selectFrom('endpoint_parameters')
          .selectAll()
          .where('endpoint_id', 'in', ids)
          .orderBy('endpoint_id')
          .orderBy('position')
          .execute(),
        db
          .selectFrom('endpoint_requests')
          .selectAll()
          .where('endpoint_id', 'in', ids)
          .orderBy('id')
          .execute(),
        db
          .selectFrom('endpoint_responses')
          .selectAll()
          .where('endpoint_id', 'in', ids)
          .orderBy('code')
          .execute(),
      ]);
      for (const p of params) {
        const endpoint = of(p.endpoint_id);
        endpoint.rows.parameters.push(p);
        if (p.location === 'header') endpoint.headerConfigList.push(toHeader(p));
        else endpoint.parameterConfigList.push(toParameter(p));
      }
      for (const r of requests) {
        const endpoint = of(r.endpoint_id);
        endpoint.rows.requests.push(r);
        endpoint.requestConfigList.push({
          id: r.id,
          contentType: r.content_type,
          schemaName: r.schema_name,
          isRequired: Boolean(r.is_required),
        });
      }
      for (const r of responses) {
        const endpoint = of(r.endpoint_id);
        endpoint.rows.responses.push(r);
        endpoint.responseConfigList.push(toResponse(r));
      }
    },
    ENDPOINTS_AT_ONCE,
  );
  const schemas = await loadAllSchemas(db, apiMasterId);
  await nextTurn();
  const declared = JSON.parse(api.declared_schemas) as DeclaredSchemas;
  await nextTurn();
  const baseline = await parseBaseline(api.import_baseline);
  await nextTurn();
  const stored: StoredApi = {
    id: apiMasterId,
    updatedAt: api.updated_at,
    endpoints: [...endpoints.values()],
    schemas,
    named: new Set(Object.keys(declared)),
    baseline,
    declared,
  };
  if (baseline) await markHandAdded(stored, baseline);
  return stored;
}

// each endpoint row carries its declared operation, a few KB of JSON: fewer rows a statement
const ENDPOINTS_PER_STATEMENT = 25;
// a statement's bound values stay well within both databases' limits
const IDS_PER_STATEMENT = 500;

async function insertParts(db: Executor, rows: PartRows[]): Promise<void> {
  await inChunks(
    rows.flatMap((r) => r.parameters),
    (chunk) => db.insertInto('endpoint_parameters').values(chunk).execute(),
  );
  await inChunks(
    rows.flatMap((r) => r.requests),
    (chunk) => db.insertInto('endpoint_requests').values(chunk).execute(),
  );
  await inChunks(
    rows.flatMap((r) => r.responses),
    (chunk) => db.insertInto('endpoint_responses').values(chunk).execute(),
  );
}

/**
 * The endpoints a document adds, written before the transaction a slice at a time, as a first import
 * writes, into a hidden API of their own: marked as importing, it is listed nowhere, no sandbox
 * answers it, and it is removed at start-up should the server stop meanwhile. Answers its id.
 */
export async function stageEndpoints(db: Kysely<Database>, apiMasterId: number, plan: ReimportPlan) {
  const now = new Date().toISOString();
  const { team_id } = await db
    .selectFrom('api_masters')
    .select('team_id')
    .where('id', '=', apiMasterId)
    .executeTakeFirstOrThrow();
  const { id: staging } = await db
    .insertInto('api_masters')
    .values({
      team_id,
      name: `Re-import of API ${apiMasterId}`,
      version: '',
      description: '',
      is_auth_required: 0,
      declared_schemas: '{}',
      created_at: now,
      updated_at: now,
      importing_since: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  try {
    await inChunks(
      plan.endpoints.added,
      async (chunk) => {
        const inserted = await db
          .insertInto('endpoints')
          .values(chunk.map((e) => ({ ...e.values, api_master_id: staging })))
          // positions are unique within the API: they tell which id each endpoint received
          .returning(['id', 'position'])
          .execute();
        const ids = new Map(inserted.map((r) => [r.position, r.id]));
        await insertParts(
          db,
          chunk.map((e) => partRows(ids.get(e.values.position) as number, e.parts)),
        );
      },
      ENDPOINTS_PER_STATEMENT,
    );
  } catch (error) {
    await discardStaging(db, staging);
    throw error;
  }
  return staging;
}

/** Removes a hidden API of staged endpoints with whatever it holds, a slice at a time. */
export async function discardStaging(db: Kysely<Database>, staging: number): Promise<void> {
  const held = await db.selectFrom('endpoints').select('id').where('api_master_id', '=', staging).execute();
  await inChunks(
    held.map((e) => e.id),
    (ids) => db.deleteFrom('endpoints').where('id', 'in', ids).execute(),
  );
  await db.deleteFrom('api_masters').where('id', '=', staging).execute();
}

/**
 * Writes a re-import's plan into `trx` (the caller's transaction) in statements of many rows each,
 * so that the transaction is short: on SQLite every other request waits for it. The endpoints staged
 * in `staging` are moved into the API and those the document removed are moved out into it, to be
 * deleted after. Answers false, writing nothing, when the API changed since it was read (`updatedAt`):
 * the plan is then out of date.
 */
export async function writeReimport(
  trx: Executor,
  apiMasterId: number,
  updatedAt: string,
  plan: ReimportPlan,
  staging: number,
): Promise<boolean> {
  const claimed = await trx
    .updateTable('api_masters')
    .set(plan.api)
    .where('id', '=', apiMasterId)
    .where('updated_at', '=', updatedAt)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return false;
  if (plan.behaviour) {
    // the API's own traffic simulation, when set, stays
    await trx
      .updateTable('api_masters')
      .set({ behaviour: plan.behaviour })
      .where('id', '=', apiMasterId)
      .where('behaviour', 'is', null)
      .execute();
  }

  const { schemas, endpoints } = plan;
  await inChunks(schemas.removed, (ids) => trx.deleteFrom('schemas').where('id', 'in', ids).execute());
  for (const schema of schemas.changed) {
    await trx
      .updateTable('schemas')
      .set({ definition: schema.definition })
      .where('id', '=', schema.id)
      .execute();
    await saveSchemaProperties(trx, schema.id, schema.properties);
  }
  await insertSchemas(trx, apiMasterId, schemas.added);

  await trx
    .updateTable('endpoints')
    .set({ api_master_id: apiMasterId })
    .where('api_master_id', '=', staging)
    .execute();
  await inChunks(
    endpoints.removed,
    (ids) => trx.updateTable('endpoints').set({ api_master_id: staging }).where('id', 'in', ids).execute(),
    IDS_PER_STATEMENT,
  );
  await inChunks(
    endpoints.changed,
    (chunk) =>
      trx
        .insertInto('endpoints')
        .values(chunk.map(({ id, values }) => ({ id, ...values })))
        .onConflict((conflict) =>
          conflict.column('id').doUpdateSet((eb) => ({
            position: eb.ref('excluded.position'),
            tag: eb.ref('excluded.tag'),
            method: eb.ref('excluded.method'),
            path: eb.ref('excluded.path'),
            summary: eb.ref('excluded.summary'),
            operation_id: eb.ref('excluded.operation_id'),
            operation: eb.ref('excluded.operation'),
            behaviour: eb.ref('excluded.behaviour'),
          })),
        )
        .execute(),
    ENDPOINTS_PER_STATEMENT,
  );
  await inChunks(
    endpoints.moved,
    (chunk) =>
      trx
        .updateTable('endpoints')
        .set({
          position: sql<number>`case id ${sql.join(
            chunk.map((m) => sql`when ${m.id} then cast(${m.position} as integer)`),
            sql` `,
          )} end`,
        })
        .where(
          'id',
          'in',
          chunk.map((m) => m.id),
        )
        .execute(),
    IDS_PER_STATEMENT,
  );
  const reparted = endpoints.reparted.map((e) => e.id);
  for (const table of ['endpoint_parameters', 'endpoint_requests', 'endpoint_responses'] as const)
    await inChunks(reparted, (ids) => trx.deleteFrom(table).where('endpoint_id', 'in', ids).execute());
  await insertParts(
    trx,
    endpoints.reparted.map((e) => e.rows),
  );
  for (const { id, set } of endpoints.edited)
    await trx.updateTable('endpoints').set(set).where('id', '=', id).execute();
  // the Params form's mappings the merge kept in the rows are written into the model the sandbox reads
  await writeRecordFields(trx, apiMasterId);
  return true;
}
