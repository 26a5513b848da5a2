// Which field of a record an item path (`/user/{username}`) finds it by: read by the sandbox when it
// compiles an API, and by the Mapping tab, which shows the same choice.
import type { DeclaredOperation, DeclaredSchema } from '@sandbox/contracts';
import type { ApiModel } from '../model/apiModel.js';
import { requestBodySchemaOf, successBodySchemasOf } from '../model/bodySchemas.js';
import { kindsOf } from '../model/parameterStyles.js';

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

/**
 * The schemas of the records an operation takes and gives: its request body's and each successful
 * answer's (in the media type records are kept in).
 */
export function recordSchemasOf(operation: DeclaredOperation): DeclaredSchema[] {
  const request = requestBodySchemaOf(operation);
  return [...(request === undefined ? [] : [request]), ...successBodySchemasOf(operation)];
}

/** The fields of the records the schemas describe; a list's are its items'. */
export function recordFieldsOf(schemas: Iterable<DeclaredSchema>, model: ApiModel): Set<string> {
  const fields = new Set<string>();
  for (const schema of schemas) {
    const kinds = kindsOf(model.answerSchema(schema), model.resolve);
    const record = kinds.types.has('array') && kinds.items ? kindsOf(kinds.items, model.resolve) : kinds;
    for (const key of Object.keys(record.properties)) fields.add(key);
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
