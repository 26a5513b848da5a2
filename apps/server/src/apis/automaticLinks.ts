// The Mapping tab's automatic links: endpoints of one resource path share records without being linked.
import type { AutomaticLinks } from '@sandbox/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { itemParamOf, keyFieldOf, recordFieldsOf, resourceOf } from '../sandbox/recordKey.js';
import { loadSchemas } from './schemaStore.js';
import type { ApiStore, EndpointRow } from './store.js';

/**
 * The other endpoints of `endpoint`'s resource path (`/user` and `/user/{username}`), each with the
 * field its path parameter finds a record by, chosen as the sandbox chooses it (compileApi).
 */
export async function automaticLinksOf(
  db: Kysely<Database>,
  store: ApiStore,
  apiMasterId: number,
  endpoint: EndpointRow,
): Promise<AutomaticLinks> {
  const resource = resourceOf(endpoint.path);
  const group = (await store.endpointsOf([apiMasterId])).filter((e) => resourceOf(e.path) === resource);
  const parts = await Promise.all(group.map((e) => store.endpointParts(e.id)));
  const names = parts.flatMap((p) => [
    ...p.requestConfigList.map((r) => r.schemaName),
    ...p.responseConfigList.filter((r) => r.responseCode.startsWith('2')).map((r) => r.responseSchemaName),
  ]);
  const present = [...new Set(names.filter((n): n is string => Boolean(n)))];
  const schemas = await loadSchemas(db, apiMasterId, present);
  const fields = recordFieldsOf(names, schemas);
  const propertyKeys = new Map(
    schemas.flatMap((s) =>
      s.configProperties.flatMap((p) => (p.id === undefined ? [] : [[p.id, p.jsonKey] as const])),
    ),
  );

  const endpoints = group.flatMap((e, i) => {
    if (e.id === endpoint.id) return [];
    const keyParam = itemParamOf(e.path) ?? null;
    const mappedId = parts[i].parameterConfigList.find((p) => p.keyName === keyParam)?.configParameterId;
    const mapped = mappedId ? propertyKeys.get(mappedId) : undefined;
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
