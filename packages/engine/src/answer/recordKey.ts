// Which field of a record an item path (`/user/{username}`) finds it by: read by the sandbox when it
// compiles an API, and by the Mapping tab, which shows the same choice.
import type { SchemaMaster } from '@sandbox/contracts';
import { schemaNameOf } from '../model/schemaClosure.js';

/**
 * `/pets/{petId}` → `/pets`: the collection an item path belongs to. A fragment the document writes
 * after the path (`/v1/connectors/{idOrName}#idOrName`) is never sent, and is not part of it.
 */
export function resourceOf(path: string): string {
  return path.replace(/\/\{[^}]+\}\/?(?:#[^/{}]*)?$/, '') || '/';
}

/** The parameter that ends a path (`petId` of `/pets/{petId}`, fragment or not), if one does. */
export function itemParamOf(path: string): string | undefined {
  return /\{([^}]+)\}\/?(?:#[^/{}]*)?$/.exec(path)?.[1];
}

/** The fields of the records the named schemas describe; a list's are its items'. */
export function recordFieldsOf(schemaNames: Iterable<string | null>, schemas: SchemaMaster[]): Set<string> {
  const byName = new Map(schemas.map((s) => [s.schemaName, s]));
  const fields = new Set<string>();
  for (const name of schemaNames) {
    let schema = name ? byName.get(name) : undefined;
    if (schema?.schemaType === 'array') schema = byName.get(schemaNameOf(schema.itemsRef) ?? '');
    for (const p of schema?.configProperties ?? []) fields.add(p.jsonKey);
  }
  return fields;
}

/**
 * The field a path parameter finds a record by: the one the user mapped it to, else the field of its
 * own name (`username` for `/user/{username}`), else `id`.
 */
export function keyFieldOf(
  param: string,
  mapped: string | undefined,
  recordFields: ReadonlySet<string>,
): string {
  return mapped || (recordFields.has(param) ? param : 'id');
}
