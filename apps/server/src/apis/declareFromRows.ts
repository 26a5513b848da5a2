import type { HttpMethodName } from '@sandbox/contracts';
import { referencedNames } from '@sandbox/engine/model/namedSchemas';
import { loadSchemaClosure } from '@sandbox/engine/model/schemaClosure';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { declaredOperationOf, declaredSchemasOf } from './modelOfRows.js';
import { loadSchemas } from './schemaStore.js';
import { createApiStore } from './store.js';

// The model of an API an older release kept without one, or without part of it (designed in the
// product, imported before operations or schemas were kept, or from a document naming no schemas):
// each endpoint without a declared operation is given the one its rows are written as, and the API,
// when it has no declared schemas, its named schemas so written. Written as an endpoint designed
// since gets its operation, so the API answers as before; what is declared already stays as it is.

/** Gives every endpoint and API without its model theirs, from their rows (migrations 022 and 024). */
export async function declareFromRows(db: Kysely<Database>): Promise<void> {
  const store = createApiStore(db);
  const apis = await db
    .selectFrom('api_masters')
    .select(['id', 'declared_schemas'])
    .where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom('endpoints')
            .select('endpoints.id')
            .whereRef('endpoints.api_master_id', '=', 'api_masters.id')
            .where('endpoints.operation', 'is', null),
        ),
        eb('declared_schemas', 'is', null),
      ]),
    )
    .orderBy('id')
    .execute();
  for (const api of apis) {
    const endpoints = await db
      .selectFrom('endpoints')
      .select(['id', 'operation'])
      .where('api_master_id', '=', api.id)
      .execute();
    const declaring = new Set(endpoints.filter((e) => e.operation === null).map((e) => e.id));
    const operations = endpoints.flatMap((e) => (e.operation === null ? [] : [JSON.parse(e.operation)]));
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
      operations.push(operation);
      await db
        .updateTable('endpoints')
        .set({ operation: JSON.stringify(operation) })
        .where('id', '=', endpoint.id)
        .where('operation', 'is', null)
        .execute();
    }
    if (api.declared_schemas !== null) continue;
    // kept as rows alone, the API exported every schema of its catalog; with operations its document
    // declared, those schemas it refers to (the others are the ones the importer named for inline schemas)
    const schemas =
      declaring.size === endpoints.length
        ? await loadSchemas(db, api.id)
        : await loadSchemaClosure([...referencedNames(operations)], (names) =>
            loadSchemas(db, api.id, names),
          );
    await db
      .updateTable('api_masters')
      .set({ declared_schemas: JSON.stringify(declaredSchemasOf(schemas)) })
      .where('id', '=', api.id)
      .where('declared_schemas', 'is', null)
      .execute();
  }
}
