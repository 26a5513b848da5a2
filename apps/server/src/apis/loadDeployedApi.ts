import type { DeclaredOperation, DeclaredSchema } from '@sandbox/contracts';
import type { DeployedApi } from '@sandbox/engine/answer/deployedApi';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { storedBehaviour } from '../simulation/service.js';
import { toHeader, toParameter, toResponse } from './endpointRows.js';
import { loadSchemas } from './schemaStore.js';

/** A deployed API as the hosted sandbox holds it: with where it forwards, and what it answers itself. */
export interface LoadedApi extends DeployedApi {
  /** Set: calls are forwarded there and checked (the hosted proxy); null: the sandbox answers them. */
  upstreamUrl: string | null;
  /** The endpoints the sandbox answers itself though the API has an Upstream URL. */
  keptMocked: number[];
}

/** Everything the sandbox needs of one deployed API, read in a handful of queries (not one per endpoint). */
export async function loadDeployedApi(db: Kysely<Database>, key: string): Promise<LoadedApi | undefined> {
  const api = await db
    .selectFrom('api_masters')
    .select([
      'id',
      'sandbox_key',
      'is_auth_required',
      'security_schemes',
      'declared_schemas',
      'answer_seed',
      'behaviour',
      'upstream_url',
    ])
    .where('sandbox_key', '=', key)
    .where('is_published', '=', 1)
    .executeTakeFirst();
  if (!api) return undefined;
  const endpointIds = db.selectFrom('endpoints').select('id').where('api_master_id', '=', api.id);
  const [endpoints, params, requests, responses, schemas, testData] = await Promise.all([
    db.selectFrom('endpoints').selectAll().where('api_master_id', '=', api.id).orderBy('position').execute(),
    db
      .selectFrom('endpoint_parameters')
      .selectAll()
      .where('endpoint_id', 'in', endpointIds)
      .orderBy('position')
      .execute(),
    db
      .selectFrom('endpoint_requests')
      .selectAll()
      .where('endpoint_id', 'in', endpointIds)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('endpoint_responses')
      .selectAll()
      .where('endpoint_id', 'in', endpointIds)
      .orderBy('code')
      .execute(),
    loadSchemas(db, api.id),
    db
      .selectFrom('test_data')
      .select(['endpoint_id', 'rows'])
      .where('endpoint_id', 'in', endpointIds)
      .where('target', '=', 'response')
      .execute(),
  ]);
  const testRowsOf = new Map(
    testData.map((t) => [t.endpoint_id, JSON.parse(t.rows) as Record<string, unknown>[]]),
  );
  const byEndpoint = <T extends { endpoint_id: number }>(rows: T[]) => {
    const map = new Map<number, T[]>();
    for (const row of rows) {
      const list = map.get(row.endpoint_id);
      if (list) list.push(row);
      else map.set(row.endpoint_id, [row]);
    }
    return map;
  };
  const paramsOf = byEndpoint(params);
  const requestsOf = byEndpoint(requests);
  const responsesOf = byEndpoint(responses);
  return {
    id: api.id,
    key,
    isAuthRequired: Boolean(api.is_auth_required),
    securitySchemes: api.security_schemes === null ? {} : JSON.parse(api.security_schemes),
    declaredSchemas: new Map(
      api.declared_schemas === null
        ? []
        : Object.entries(JSON.parse(api.declared_schemas) as Record<string, DeclaredSchema>),
    ),
    answerSeed: api.answer_seed ?? undefined,
    behaviour: storedBehaviour(api.behaviour),
    upstreamUrl: api.upstream_url,
    keptMocked: endpoints.filter((e) => e.keep_mocked).map((e) => e.id),
    schemas,
    endpoints: endpoints.map((e) => {
      const own = paramsOf.get(e.id) ?? [];
      return {
        ...e,
        operation: e.operation === null ? null : (JSON.parse(e.operation) as DeclaredOperation),
        parameters: own.filter((p) => p.location !== 'header').map(toParameter),
        headers: own.filter((p) => p.location === 'header').map(toHeader),
        requests: (requestsOf.get(e.id) ?? []).map((r) => ({
          id: r.id,
          contentType: r.content_type,
          schemaName: r.schema_name,
          isRequired: Boolean(r.is_required),
        })),
        responses: (responsesOf.get(e.id) ?? []).map(toResponse),
        testRows: testRowsOf.get(e.id) ?? [],
        behaviour: storedBehaviour(e.behaviour),
      };
    }),
  };
}
