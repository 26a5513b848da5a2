import type { HttpMethodName } from '@sandbox/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { declaredOperationOf, declaredSchemasOf } from '../export/service.js';
import { loadSchemas } from './schemaStore.js';
import { createApiStore } from './store.js';

// The model of an API an older release kept as rows alone (designed in the product, or imported
// before operations were kept): each endpoint without a declared operation is given the one its rows
// are exported as, and the API, when it has no declared schemas, its named schemas as exported.
// Written as an endpoint designed since gets its operation, so the API answers and exports as before.

/** Gives every API that answers from its rows its model (migration 022). */
export async function declareFromRows(db: Kysely<Database>): Promise<void> {
  const store = createApiStore(db);
  const apis = await db
    .selectFrom('api_masters')
    .select(['id', 'declared_schemas'])
    .where((eb) => {
      const endpoints = (operation: 'is' | 'is not') =>
        eb
          .selectFrom('endpoints')
          .select('endpoints.id')
          .whereRef('endpoints.api_master_id', '=', 'api_masters.id')
          .where('endpoints.operation', operation, null);
      return eb.or([
        eb.exists(endpoints('is')),
        eb.and([eb('declared_schemas', 'is', null), eb.not(eb.exists(endpoints('is not')))]),
      ]);
    })
    .orderBy('id')
    .execute();
  for (const api of apis) {
    const bare = await db
      .selectFrom('endpoints')
      .select('id')
      .where('api_master_id', '=', api.id)
      .where('operation', 'is', null)
      .execute();
    const declaring = new Set(bare.map((e) => e.id));
    for (const endpoint of await store.endpointsOf([api.id])) {
      if (!declaring.has(endpoint.id)) continue;
      const operation = declaredOperationOf({
        apiTag: endpoint.tag,
        methodType: endpoint.method as HttpMethodName,
        apiEndPoint: endpoint.path,
        summary: endpoint.summary,
        operationId: endpoint.operation_id,
        ...(await store.endpointParts(endpoint.id)),
      });
      await db
        .updateTable('endpoints')
        .set({ operation: JSON.stringify(operation) })
        .where('id', '=', endpoint.id)
        .where('operation', 'is', null)
        .execute();
    }
    if (api.declared_schemas === null) {
      const schemas = declaredSchemasOf(await loadSchemas(db, api.id));
      await db
        .updateTable('api_masters')
        .set({ declared_schemas: JSON.stringify(schemas) })
        .where('id', '=', api.id)
        .execute();
    }
  }
}
