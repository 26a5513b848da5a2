// The Mapping tab's automatic links: endpoints of one resource path share records without being linked.
import type { AutomaticLinks } from '@sandbox/contracts';
import {
  itemParamOf,
  keyFieldOf,
  recordFieldsOf,
  recordSchemasOf,
  resourceOf,
} from '@sandbox/engine/answer/recordKey';
import { ApiModel } from '@sandbox/engine/model/apiModel';
import { recordFieldOf } from '@sandbox/engine/model/recordFieldExtension';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { loadDeclaredSchemas } from './schemaStore.js';
import type { ApiStore, EndpointRow } from './store.js';

/**
 * The other endpoints of `endpoint`'s resource path (`/user` and `/user/{username}`), each with the
 * field its path parameter finds a record by, chosen from the declared model as the sandbox chooses
 * it (compileApi).
 */
export async function automaticLinksOf(
  db: Kysely<Database>,
  store: ApiStore,
  apiMasterId: number,
  endpoint: EndpointRow,
): Promise<AutomaticLinks> {
  const resource = resourceOf(endpoint.path);
  const group = (await store.operationsOf(apiMasterId)).filter((e) => resourceOf(e.path) === resource);
  const model = new ApiModel(new Map(Object.entries((await loadDeclaredSchemas(db, apiMasterId)) ?? {})));
  const fields = recordFieldsOf(
    group.flatMap((e) => (e.operation ? recordSchemasOf(e.operation) : [])),
    model,
  );
  const endpoints = group.flatMap((e) => {
    if (e.id === endpoint.id) return [];
    const keyParam = itemParamOf(e.path) ?? null;
    const mapped = keyParam && e.operation ? recordFieldOf(e.operation, keyParam) : undefined;
    return [
      {
        apiId: e.id,
        methodType: e.method,
        apiEndPoint: e.path,
        keyParam,
        keyField: keyParam ? keyFieldOf(keyParam, mapped, fields) : null,
        mappedByHand: Boolean(mapped),
      },
    ];
  });
  return { resource, endpoints };
}
