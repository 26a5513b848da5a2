// The Mapping tab's automatic links: endpoints of one resource path share records without being linked.
import type { AutomaticLinks } from '@sandbox/contracts';
import { itemParamOf, keyFieldOf, recordFieldsOf, resourceOf } from '@sandbox/engine/answer/recordKey';
import { schemaNameOf } from '@sandbox/engine/model/schemaClosure';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
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
  // a list's records are its items'
  const items = schemas.flatMap((s) => {
    const name = s.schemaType === 'array' ? schemaNameOf(s.itemsRef) : null;
    return name && !present.includes(name) ? [name] : [];
  });
  schemas.push(...(await loadSchemas(db, apiMasterId, [...new Set(items)])));
  const fields = recordFieldsOf(names, schemas);
  // a parameter may be mapped to a field of any POST body of the API (map-params), not only these
  const mappedIds = parts.flatMap((p) =>
    p.parameterConfigList.flatMap((row) => (row.configParameterId ? [row.configParameterId] : [])),
  );
  const propertyKeys = new Map<number, string>();
  if (mappedIds.length > 0) {
    const rows = await db
      .selectFrom('body_properties')
      .select(['id', 'json_key'])
      .where('id', 'in', mappedIds)
      .execute();
    for (const row of rows) propertyKeys.set(row.id, row.json_key);
  }

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
