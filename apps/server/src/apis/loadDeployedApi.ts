import type { DeclaredOperation, DeclaredSchema } from '@sandbox/contracts';
import type { DeployedApi } from '@sandbox/engine/answer/deployedApi';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { storedBehaviour } from '../simulation/service.js';

/** A deployed API as the hosted sandbox holds it: with where it forwards, and what it answers itself. */
export interface LoadedApi extends DeployedApi {
  /** Set: calls are forwarded there and checked (the hosted proxy); null: the sandbox answers them. */
  upstreamUrl: string | null;
  /** The endpoints the sandbox answers itself though the API has an Upstream URL. */
  keptMocked: number[];
}

/** Every endpoint is written with its operation (migration 022 gave the older ones theirs). */
const NO_OPERATION: DeclaredOperation = { parameters: [], responses: {} };

/**
 * Everything the sandbox needs of one deployed API, in three queries: the API, its endpoints (each
 * with its declared operation, links and behaviour) and its test data. The catalog's rows are not
 * read: the declared model answers.
 */
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
  const [endpoints, testData] = await Promise.all([
    db
      .selectFrom('endpoints')
      .select([
        'id',
        'method',
        'path',
        'tag',
        'summary',
        'operation_id',
        'operation',
        'get_api_id',
        'post_api_id',
        'put_api_id',
        'patch_api_id',
        'delete_api_id',
        'behaviour',
        'keep_mocked',
      ])
      .where('api_master_id', '=', api.id)
      .orderBy('position')
      .execute(),
    db
      .selectFrom('test_data')
      .select(['endpoint_id', 'rows'])
      .where('endpoint_id', 'in', db.selectFrom('endpoints').select('id').where('api_master_id', '=', api.id))
      .where('target', '=', 'response')
      .execute(),
  ]);
  const testRowsOf = new Map(
    testData.map((t) => [t.endpoint_id, JSON.parse(t.rows) as Record<string, unknown>[]]),
  );
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
    endpoints: endpoints.map(({ operation, behaviour, keep_mocked: _kept, ...e }) => ({
      ...e,
      operation: operation === null ? NO_OPERATION : (JSON.parse(operation) as DeclaredOperation),
      testRows: testRowsOf.get(e.id) ?? [],
      behaviour: storedBehaviour(behaviour),
    })),
  };
}
