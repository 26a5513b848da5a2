import type { DeclaredSchemas } from '@sandbox/contracts';
import type { Kysely, Selectable, Transaction } from 'kysely';
import { toHeader, toParameter, toResponse } from '../apis/endpointRows.js';
import { inChunks } from '../apis/inChunks.js';
import { loadDeclaredSchemas, loadSchemas } from '../apis/schemaStore.js';
import type { Database, EndpointsTable } from '../db/schema.js';
import type { EndpointParts, Side } from './diff.js';

export type Executor = Kysely<Database> | Transaction<Database>;

/** An endpoint as stored: its row (links, behaviour, declared operation) and its parts. */
export type StoredEndpoint = EndpointParts & { row: Selectable<EndpointsTable> };

/** Every endpoint of the API with its parts, and its schemas: a few statements, not one an endpoint. */
export async function loadStoredApi(
  db: Executor,
  apiMasterId: number,
): Promise<Omit<Side, 'endpoints'> & { endpoints: StoredEndpoint[] }> {
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
  return {
    endpoints: [...endpoints.values()],
    schemas: await loadSchemas(db, apiMasterId),
    named: namedSchemas((await loadDeclaredSchemas(db, apiMasterId)) ?? undefined),
  };
}

/** The names of a model's schemas; null for an API kept without a model (every schema counts as named). */
export function namedSchemas(declared: DeclaredSchemas | undefined): Set<string> | null {
  return declared ? new Set(Object.keys(declared)) : null;
}
