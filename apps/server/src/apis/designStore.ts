import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, EndpointParametersTable } from '../db/schema.js';
import type { PathParameterChanges } from './pathParameters.js';

// SQL of the design calls: endpoints added, changed and removed; parameter rows replaced; request
// bodies and responses set; references to a renamed schema followed. The design calls build it on
// their transaction (`db` is then one), which makes a call's several statements one change.

export type ParameterRowRecord = Selectable<EndpointParametersTable>;
export type ParameterRowWrite = Omit<Insertable<EndpointParametersTable>, 'endpoint_id'> & { id?: number };

export interface EndpointValues {
  method: string;
  path: string;
  tag: string;
  summary: string | null;
}

/** The JSON of a path parameter that a user's path template brought: a required string. */
export const DESIGNED_PATH_SPEC = JSON.stringify({ dataType: 'string', isDesigned: true });

export function createDesignStore(db: Kysely<Database>) {
  async function addPathParameters(endpointId: number, names: string[], from: number) {
    if (names.length === 0) return;
    await db
      .insertInto('endpoint_parameters')
      .values(
        names.map((name, i) => ({
          endpoint_id: endpointId,
          position: from + i,
          location: 'path' as const,
          name,
          parameter_type: 'path',
          description: null,
          is_required: 1,
          spec: DESIGNED_PATH_SPEC,
        })),
      )
      .execute();
  }

  return {
    /**
     * A designed endpoint, last of the API's, with a required path parameter per `{name}`, and the
     * declared operation it starts with (as JSON).
     */
    async insertEndpoint(
      apiMasterId: number,
      values: EndpointValues,
      pathParameters: string[],
      operation: string,
    ) {
      const last = await db
        .selectFrom('endpoints')
        .select((eb) => eb.fn.max('position').as('position'))
        .where('api_master_id', '=', apiMasterId)
        .executeTakeFirst();
      const { id } = await db
        .insertInto('endpoints')
        .values({
          api_master_id: apiMasterId,
          position: last?.position == null ? 0 : Number(last.position) + 1,
          ...values,
          operation_id: null,
          operation,
          is_designed: 1,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await addPathParameters(id, pathParameters, 0);
      return id;
    },

    /** Changes an endpoint and, as its template changed, its path parameters (ids kept on a rename). */
    async updateEndpoint(endpointId: number, values: EndpointValues, changes: PathParameterChanges) {
      await db.updateTable('endpoints').set(values).where('id', '=', endpointId).execute();
      for (const [from, to] of changes.renamed) {
        await db
          .updateTable('endpoint_parameters')
          .set({ name: to })
          .where('endpoint_id', '=', endpointId)
          .where('location', '=', 'path')
          .where('name', '=', from)
          .execute();
      }
      if (changes.removed.length > 0) {
        await db
          .deleteFrom('endpoint_parameters')
          .where('endpoint_id', '=', endpointId)
          .where('location', '=', 'path')
          .where('name', 'in', changes.removed)
          .execute();
      }
      const last = await db
        .selectFrom('endpoint_parameters')
        .select((eb) => eb.fn.max('position').as('position'))
        .where('endpoint_id', '=', endpointId)
        .executeTakeFirst();
      await addPathParameters(
        endpointId,
        changes.added,
        last?.position == null ? 0 : Number(last.position) + 1,
      );
    },

    /** Removes an endpoint with its rows, and from the links of the API's other endpoints. */
    async deleteEndpoint(apiMasterId: number, endpointId: number) {
      await db.deleteFrom('endpoints').where('id', '=', endpointId).execute();
      const linking = await db
        .selectFrom('endpoints')
        .select(['id', 'get_api_id', 'post_api_id', 'put_api_id', 'patch_api_id', 'delete_api_id'])
        .where('api_master_id', '=', apiMasterId)
        .execute();
      const without = (list: string | null) => {
        if (list === null) return null;
        const kept = list.split(',').filter((id) => Number(id) !== endpointId);
        return kept.length ? kept.join(',') : null;
      };
      for (const e of linking) {
        const links = {
          get_api_id: without(e.get_api_id),
          post_api_id: without(e.post_api_id),
          put_api_id: without(e.put_api_id),
          patch_api_id: without(e.patch_api_id),
          delete_api_id: without(e.delete_api_id),
        };
        if (Object.entries(links).some(([key, value]) => value !== e[key as keyof typeof links])) {
          await db.updateTable('endpoints').set(links).where('id', '=', e.id).execute();
        }
      }
    },

    parameterRows(endpointId: number): Promise<ParameterRowRecord[]> {
      return db
        .selectFrom('endpoint_parameters')
        .selectAll()
        .where('endpoint_id', '=', endpointId)
        .orderBy('position')
        .execute();
    },

    /** Writes the rows of one form (changed with `id`, added without) and removes `removed`. */
    async writeParameters(endpointId: number, rows: ParameterRowWrite[], removed: number[]) {
      if (removed.length > 0) await db.deleteFrom('endpoint_parameters').where('id', 'in', removed).execute();
      for (const { id, ...values } of rows) {
        if (id === undefined)
          await db
            .insertInto('endpoint_parameters')
            .values({ endpoint_id: endpointId, ...values })
            .execute();
        else await db.updateTable('endpoint_parameters').set(values).where('id', '=', id).execute();
      }
    },

    /** The endpoint's request body: one named schema in one media type, or none. */
    /**
     * The body in `body.contentType`: a single body (or none) becomes it, media type and all; of a body
     * a document declares in several media types, only that one changes and the others stay. Whether a
     * body is required is one answer for all its media types. `null` removes the body.
     */
    async setRequestBody(
      endpointId: number,
      body: { schemaName: string; contentType: string; isRequired: boolean } | null,
    ) {
      const requests = db.deleteFrom('endpoint_requests').where('endpoint_id', '=', endpointId);
      if (body === null) return void (await requests.execute());
      const rows = await db
        .selectFrom('endpoint_requests')
        .select(['id', 'content_type'])
        .where('endpoint_id', '=', endpointId)
        .orderBy('id')
        .execute();
      const changed = rows.length === 1 ? rows[0] : rows.find((row) => row.content_type === body.contentType);
      const values = { content_type: body.contentType, schema_name: body.schemaName };
      if (changed)
        await db.updateTable('endpoint_requests').set(values).where('id', '=', changed.id).execute();
      else
        await db
          .insertInto('endpoint_requests')
          .values({ endpoint_id: endpointId, ...values })
          .execute();
      await db
        .updateTable('endpoint_requests')
        .set({ is_required: body.isRequired ? 1 : 0 })
        .where('endpoint_id', '=', endpointId)
        .execute();
    },

    async deleteResponse(responseId: number) {
      await db.deleteFrom('endpoint_responses').where('id', '=', responseId).execute();
    },

    /** The first request or response of the API's endpoints whose body is the schema, as a user says it. */
    async schemaUseByEndpoints(apiMasterId: number, schemaName: string): Promise<string | null> {
      const endpointIds = db.selectFrom('endpoints').select('id').where('api_master_id', '=', apiMasterId);
      const use = await db
        .selectFrom('endpoints')
        .select(['method', 'path'])
        .where('api_master_id', '=', apiMasterId)
        .where((eb) =>
          eb.or([
            eb(
              'id',
              'in',
              eb
                .selectFrom('endpoint_requests')
                .select('endpoint_id')
                .where('schema_name', '=', schemaName)
                .where('endpoint_id', 'in', endpointIds),
            ),
            eb(
              'id',
              'in',
              eb
                .selectFrom('endpoint_responses')
                .select('endpoint_id')
                .where('schema_name', '=', schemaName)
                .where('endpoint_id', 'in', endpointIds),
            ),
          ]),
        )
        .orderBy('position')
        .executeTakeFirst();
      return use ? `${use.method} ${use.path}` : null;
    },

    /** Requests and responses of the API's endpoints that name schema `from` name `to` instead. */
    async renameSchemaUses(apiMasterId: number, from: string, to: string) {
      const endpointIds = db.selectFrom('endpoints').select('id').where('api_master_id', '=', apiMasterId);
      await db
        .updateTable('endpoint_requests')
        .set({ schema_name: to })
        .where('schema_name', '=', from)
        .where('endpoint_id', 'in', endpointIds)
        .execute();
      await db
        .updateTable('endpoint_responses')
        .set({ schema_name: to })
        .where('schema_name', '=', from)
        .where('endpoint_id', 'in', endpointIds)
        .execute();
    },

    async updateSchema(schemaId: number, name: string, definition: string) {
      await db.updateTable('schemas').set({ name, definition }).where('id', '=', schemaId).execute();
    },

    async deleteSchema(schemaId: number) {
      await db.deleteFrom('schemas').where('id', '=', schemaId).execute();
    },

    /** The API's endpoints with their declared operations, as JSON. */
    declaredOperations(apiMasterId: number) {
      return db
        .selectFrom('endpoints')
        .select(['id', 'method', 'path', 'operation'])
        .where('api_master_id', '=', apiMasterId)
        .execute();
    },
  };
}

export type DesignStore = ReturnType<typeof createDesignStore>;
