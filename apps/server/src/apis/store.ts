import type {
  DeclaredOperation,
  EndpointLinks,
  ImportedEndpoint,
  ResponseCreate,
  SchemaMaster,
} from '@sandbox/contracts';
import type { Sliced } from '@sandbox/engine/import/slicedImport';
import { inChunks, nextTurn } from '@sandbox/engine/shared/inChunks';
import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type {
  ApiMastersTable,
  Database,
  EndpointParametersTable,
  EndpointRequestsTable,
  EndpointResponsesTable,
  EndpointsTable,
} from '../db/schema.js';
import { type ImportedWithBaseline, storedBaselineOf } from '../import/service.js';
import { parameterRows, toHeader, toParameter, toResponse } from './endpointRows.js';
import { insertSchemas } from './schemaStore.js';

/** An API as its calls read it, without the baseline only a re-import reads (megabytes for a large document). */
export type ApiRow = Omit<Selectable<ApiMastersTable>, 'import_baseline'>;
const API_COLUMNS = [
  'id',
  'team_id',
  'name',
  'version',
  'description',
  'is_auth_required',
  'is_published',
  'sandbox_key',
  'created_at',
  'updated_at',
  'importing_since',
  'security_schemes',
  'declared_schemas',
  'import_warnings',
  'answer_seed',
  'behaviour',
  'upstream_url',
] as const satisfies readonly (keyof ApiRow)[];
/** An endpoint's configuration, without the declared operation and the behaviour only the sandbox reads. */
export type EndpointRow = Omit<Selectable<EndpointsTable>, 'operation' | 'behaviour'>;
const ENDPOINT_COLUMNS = [
  'id',
  'api_master_id',
  'position',
  'tag',
  'method',
  'path',
  'summary',
  'operation_id',
  'get_api_id',
  'post_api_id',
  'put_api_id',
  'patch_api_id',
  'delete_api_id',
  'is_designed',
  'keep_mocked',
] as const satisfies (keyof EndpointRow)[];

export interface ApiMeta {
  name: string;
  version: string;
  description: string;
  isAuthRequired: boolean;
}

const now = () => new Date().toISOString();
// each row carries its declared operation, a few KB of JSON: fewer rows a statement
const ENDPOINTS_PER_STATEMENT = 50;

/** An import to write: its endpoints and schemas as arrays, or as a large import's lists read a slice at a time. */
export type ImportToWrite = Omit<ImportedWithBaseline, 'endpoints' | 'schemas'> & {
  endpoints: Sliced<ImportedEndpoint>;
  schemas: Sliced<SchemaMaster>;
};

/** What the endpoint list shows of an endpoint just written, as its insert returned it. */
export type WrittenEndpoint = Pick<
  EndpointRow,
  'id' | 'tag' | 'method' | 'path' | 'summary' | 'is_designed' | 'keep_mocked'
>;

/**
 * Writes the endpoints and their parameters, requests and responses, a slice of endpoints at a time:
 * each slice's objects are made (and, for a large import, parsed) just before its statements and
 * dropped after them, and no slice holds the CPU for long.
 */
async function insertEndpoints(
  db: Kysely<Database>,
  apiMasterId: number,
  endpoints: Sliced<ImportedEndpoint>,
): Promise<WrittenEndpoint[]> {
  const written: WrittenEndpoint[] = [];
  for (let first = 0; first < endpoints.length; first += ENDPOINTS_PER_STATEMENT) {
    await nextTurn();
    const chunk = endpoints.slice(first, first + ENDPOINTS_PER_STATEMENT);
    const inserted = await db
      .insertInto('endpoints')
      .values(
        chunk.map((e, i) => ({
          api_master_id: apiMasterId,
          position: first + i,
          tag: e.apiTag,
          method: e.methodType,
          path: e.apiEndPoint,
          summary: e.summary,
          operation_id: e.operationId,
          operation: e.operationJson,
          behaviour: e.behaviour ? JSON.stringify(e.behaviour) : null,
        })),
      )
      // positions are unique within the API: they tell which id each endpoint received
      .returning(['id', 'position', 'tag', 'method', 'path', 'summary', 'is_designed', 'keep_mocked'])
      .execute();
    const ids = new Map(inserted.map((r) => [r.position, r.id]));
    for (const { position: _, ...row } of inserted.sort((x, y) => x.position - y.position)) written.push(row);
    await insertEndpointParts(
      db,
      chunk.map((endpoint, i) => ({ endpoint, id: ids.get(first + i) as number })),
    );
  }
  return written;
}

async function insertEndpointParts(
  db: Kysely<Database>,
  chunk: { endpoint: ImportedEndpoint; id: number }[],
): Promise<void> {
  const parameters: Insertable<EndpointParametersTable>[] = [];
  const requests: Insertable<EndpointRequestsTable>[] = [];
  const responses: Insertable<EndpointResponsesTable>[] = [];
  for (const { endpoint: e, id } of chunk) {
    parameters.push(...parameterRows(id, e.parameterConfigList, e.headerConfigList));
    for (const r of e.requestConfigList) {
      requests.push({
        endpoint_id: id,
        content_type: r.contentType,
        schema_name: r.schemaName,
        is_required: r.isRequired ? 1 : 0,
      });
    }
    for (const r of e.responseConfigList) {
      responses.push({
        endpoint_id: id,
        code: r.responseCode,
        description: r.responseDescription,
        schema_name: r.responseSchemaName,
        content_type: r.contentType,
        example: r.example === undefined ? null : JSON.stringify(r.example),
      });
    }
  }
  await inChunks(parameters, (rows) => db.insertInto('endpoint_parameters').values(rows).execute());
  await inChunks(requests, (rows) => db.insertInto('endpoint_requests').values(rows).execute());
  await inChunks(responses, (rows) => db.insertInto('endpoint_responses').values(rows).execute());
}

export function createApiStore(db: Kysely<Database>) {
  const touch = (apiMasterId: number, trx: Kysely<Database> | Transaction<Database> = db) =>
    trx.updateTable('api_masters').set({ updated_at: now() }).where('id', '=', apiMasterId).execute();

  return {
    touch,

    listApis(teamId: number, publishedOnly = false): Promise<ApiRow[]> {
      let query = db
        .selectFrom('api_masters')
        .select(API_COLUMNS)
        .where('team_id', '=', teamId)
        .where('importing_since', 'is', null);
      if (publishedOnly) query = query.where('is_published', '=', 1);
      return query.orderBy('updated_at', 'desc').orderBy('id', 'desc').execute();
    },

    /** Every API of the team, those being imported included. */
    async countApis(teamId: number): Promise<number> {
      const { count } = await db
        .selectFrom('api_masters')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('team_id', '=', teamId)
        .executeTakeFirstOrThrow();
      return Number(count);
    },

    findApi(teamId: number, apiMasterId: number): Promise<ApiRow | undefined> {
      return db
        .selectFrom('api_masters')
        .select(API_COLUMNS)
        .where('id', '=', apiMasterId)
        .where('team_id', '=', teamId)
        .where('importing_since', 'is', null)
        .executeTakeFirst();
    },

    endpointsOf(apiMasterIds: number[]): Promise<EndpointRow[]> {
      if (apiMasterIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('endpoints')
        .select(ENDPOINT_COLUMNS)
        .where('api_master_id', 'in', apiMasterIds)
        .orderBy('api_master_id')
        .orderBy('position')
        .execute();
    },

    findEndpoint(apiMasterId: number, endpointId: number): Promise<EndpointRow | undefined> {
      return db
        .selectFrom('endpoints')
        .select(ENDPOINT_COLUMNS)
        .where('id', '=', endpointId)
        .where('api_master_id', '=', apiMasterId)
        .executeTakeFirst();
    },

    /**
     * One API with everything imported into it, all or nothing. A large import is written in many
     * short statements with other requests served between them: the API stays hidden (importing)
     * until the last one, and is removed if any fails. With the endpoints written, as the list shows them.
     */
    async createApi(
      teamId: number,
      meta: ApiMeta,
      imported?: ImportToWrite,
    ): Promise<{ id: number; endpoints: WrittenEndpoint[] }> {
      const { id } = await db
        .insertInto('api_masters')
        .values({
          team_id: teamId,
          name: meta.name,
          version: meta.version,
          description: meta.description,
          is_auth_required: meta.isAuthRequired ? 1 : 0,
          created_at: now(),
          updated_at: now(),
          security_schemes: imported?.securitySchemes ? JSON.stringify(imported.securitySchemes) : null,
          // every API keeps its named schemas from its creation: none yet, for one made in the product
          // or imported from a document that names none
          declared_schemas: imported?.declaredSchemasJson ?? '{}',
          behaviour: imported?.behaviour ? JSON.stringify(imported.behaviour) : null,
          import_warnings: imported?.warnings?.length ? JSON.stringify(imported.warnings) : null,
          import_baseline: imported ? storedBaselineOf(imported) : null,
          importing_since: imported ? now() : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (!imported) return { id, endpoints: [] };
      try {
        const endpoints = await insertEndpoints(db, id, imported.endpoints);
        await insertSchemas(db, id, imported.schemas);
        await db.updateTable('api_masters').set({ importing_since: null }).where('id', '=', id).execute();
        return { id, endpoints };
      } catch (error) {
        await db.deleteFrom('api_masters').where('id', '=', id).execute();
        throw error;
      }
    },

    /** Removes the APIs whose import began before `before` and never finished (a crash mid-import). */
    async removeAbandonedImports(before: Date): Promise<void> {
      await db.deleteFrom('api_masters').where('importing_since', '<', before.toISOString()).execute();
    },

    async updateApi(apiMasterId: number, meta: ApiMeta): Promise<void> {
      await db
        .updateTable('api_masters')
        .set({
          name: meta.name,
          version: meta.version,
          description: meta.description,
          is_auth_required: meta.isAuthRequired ? 1 : 0,
          updated_at: now(),
        })
        .where('id', '=', apiMasterId)
        .execute();
    },

    async setAnswerSeed(apiMasterId: number, seed: number | null): Promise<void> {
      await db
        .updateTable('api_masters')
        .set({ answer_seed: seed, updated_at: now() })
        .where('id', '=', apiMasterId)
        .execute();
    },

    async setUpstreamUrl(apiMasterId: number, upstreamUrl: string | null): Promise<void> {
      await db
        .updateTable('api_masters')
        .set({ upstream_url: upstreamUrl, updated_at: now() })
        .where('id', '=', apiMasterId)
        .execute();
    },

    async setKeepMocked(endpointId: number, keepMocked: boolean): Promise<void> {
      await db
        .updateTable('endpoints')
        .set({ keep_mocked: keepMocked ? 1 : 0 })
        .where('id', '=', endpointId)
        .execute();
    },

    async deleteApi(apiMasterId: number): Promise<void> {
      await db.deleteFrom('api_masters').where('id', '=', apiMasterId).execute();
    },

    /** Undeploys every deployed API of a team; returns their ids. */
    async unpublishTeam(teamId: number): Promise<number[]> {
      const rows = await db
        .updateTable('api_masters')
        .set({ is_published: 0, updated_at: now() })
        .where('team_id', '=', teamId)
        .where('is_published', '=', 1)
        .returning('id')
        .execute();
      return rows.map((row) => row.id);
    },

    async publishApi(apiMasterId: number, sandboxKey: string): Promise<boolean> {
      const result = await db
        .updateTable('api_masters')
        .set({ is_published: 1, sandbox_key: sandboxKey, updated_at: now() })
        .where('id', '=', apiMasterId)
        .where('is_published', '=', 0)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async endpointParts(endpointId: number) {
      const [params, requests, responses] = await Promise.all([
        db
          .selectFrom('endpoint_parameters')
          .selectAll()
          .where('endpoint_id', '=', endpointId)
          .orderBy('position')
          .execute(),
        db
          .selectFrom('endpoint_requests')
          .selectAll()
          .where('endpoint_id', '=', endpointId)
          .orderBy('id')
          .execute(),
        db
          .selectFrom('endpoint_responses')
          .selectAll()
          .where('endpoint_id', '=', endpointId)
          .orderBy('code')
          .execute(),
      ]);
      return {
        parameterConfigList: params.filter((p) => p.location !== 'header').map(toParameter),
        headerConfigList: params.filter((p) => p.location === 'header').map(toHeader),
        requestConfigList: requests.map((r) => ({
          id: r.id,
          contentType: r.content_type,
          schemaName: r.schema_name,
          isRequired: Boolean(r.is_required),
        })),
        responseConfigList: responses.map(toResponse),
      };
    },

    async createResponse(endpointId: number, input: ResponseCreate) {
      const row = await db
        .insertInto('endpoint_responses')
        .values({
          endpoint_id: endpointId,
          code: input.statusCode,
          description: input.description,
          schema_name: null,
          content_type: 'application/json',
          example: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toResponse(row);
    },

    findResponse(responseId: number) {
      return db
        .selectFrom('endpoint_responses')
        .innerJoin('endpoints', 'endpoints.id', 'endpoint_responses.endpoint_id')
        .innerJoin('api_masters', 'api_masters.id', 'endpoints.api_master_id')
        .selectAll('endpoint_responses')
        .select(['api_masters.team_id', 'api_masters.id as api_master_id'])
        .where('endpoint_responses.id', '=', responseId)
        .executeTakeFirst();
    },

    async updateResponse(
      responseId: number,
      values: { code: string; description?: string; schemaName?: string | null },
    ) {
      const row = await db
        .updateTable('endpoint_responses')
        .set({
          code: values.code,
          ...(values.description === undefined ? {} : { description: values.description }),
          ...(values.schemaName === undefined ? {} : { schema_name: values.schemaName }),
        })
        .where('id', '=', responseId)
        .returningAll()
        .executeTakeFirstOrThrow();
      return toResponse(row);
    },

    async updateLinks(endpointId: number, links: EndpointLinks): Promise<void> {
      await db
        .updateTable('endpoints')
        .set({
          get_api_id: links.getApiId ?? null,
          post_api_id: links.postApiId ?? null,
          put_api_id: links.putApiId ?? null,
          patch_api_id: links.patchApiId ?? null,
          delete_api_id: links.deleteApiId ?? null,
        })
        .where('id', '=', endpointId)
        .execute();
    },

    /**
     * Rewrites the endpoint's declared operation with `edit`; written only if it is still the one
     * read, and read again otherwise, so that two saves at once lose neither.
     */
    async editOperation(endpointId: number, edit: (operation: DeclaredOperation) => DeclaredOperation) {
      for (;;) {
        const row = await db
          .selectFrom('endpoints')
          .select('operation')
          .where('id', '=', endpointId)
          .executeTakeFirst();
        if (!row) return;
        const result = await db
          .updateTable('endpoints')
          .set({ operation: JSON.stringify(edit(JSON.parse(row.operation) as DeclaredOperation)) })
          .where('id', '=', endpointId)
          .where('operation', '=', row.operation)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 1) return;
      }
    },

    /** Each endpoint's id, method, path and declared operation, in order. */
    async operationsOf(apiMasterId: number) {
      const rows = await db
        .selectFrom('endpoints')
        .select(['id', 'method', 'path', 'operation'])
        .where('api_master_id', '=', apiMasterId)
        .orderBy('position')
        .execute();
      return rows.map((r) => ({
        id: r.id,
        method: r.method,
        path: r.path,
        operation: JSON.parse(r.operation) as DeclaredOperation,
      }));
    },

    findSchema(apiMasterId: number, name: string) {
      return db
        .selectFrom('schemas')
        .select(['id', 'name'])
        .where('api_master_id', '=', apiMasterId)
        .where('name', '=', name)
        .executeTakeFirst();
    },
  };
}

export type ApiStore = ReturnType<typeof createApiStore>;
