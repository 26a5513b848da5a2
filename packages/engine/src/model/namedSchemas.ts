import {
  type DeclaredSchema,
  type DeclaredSchemas,
  escapePointerSegment,
  schemaNameOfRef,
} from '@sandbox/contracts';
import { isJsonObject } from '../shared/jsonObjects.js';
import { kindsOf } from './parameterStyles.js';
import { type Direction, type JsonSchema, nameOfRef, toJsonSchema } from './toJsonSchema.js';

/** An API's named schemas as its document declared them (with the edits made since), by name. */
export function namedSchemas(declared: DeclaredSchemas): ReadonlyMap<string, DeclaredSchema> {
  return new Map(Object.entries(declared));
}

/**
 * The schema of the records a body holds: the body's own, or its items' when it is a list (a
 * reference followed a few times); a reference to a named record stays one. Undefined when that is
 * not a schema of objects.
 */
export function recordSchemaOf(
  named: ReadonlyMap<string, DeclaredSchema>,
  body: DeclaredSchema,
): Record<string, unknown> | undefined {
  let record = body;
  for (let depth = 0; depth < 4; depth++) {
    const next = innerRecordOf(named, record);
    if (next === undefined) break;
    record = next;
  }
  const resolve = (name: string) => named.get(name) as JsonSchema | undefined;
  if (!isJsonObject(record) || !kindsOf(record, resolve).types.has('object')) return undefined;
  return record;
}

/** What a schema's records are one step further in: the target of an alias, the items of a list. */
function innerRecordOf(
  named: ReadonlyMap<string, DeclaredSchema>,
  schema: DeclaredSchema,
): DeclaredSchema | undefined {
  const name = nameOfRef(schema);
  const target = name === undefined ? schema : named.get(name);
  if (!isJsonObject(target)) return undefined;
  if (nameOfRef(target) !== undefined) return target;
  return target.type === 'array' ? (target.items as DeclaredSchema | undefined) : undefined;
}

/**
 * A declared schema (a reference to a named one, or inline) as one self-contained JSON Schema 2020-12
 * (the named schemas it reaches under `$defs`): what an outside service, such as the Copilot's AI, is
 * shown of a record.
 */
export function selfContained(
  named: ReadonlyMap<string, DeclaredSchema>,
  root: Record<string, unknown>,
  direction: Direction,
): Record<string, unknown> {
  const defs: Record<string, JsonSchema> = {};
  const refTo = (target: string) => `#/$defs/${encodeURIComponent(escapePointerSegment(target))}`;
  const pending: string[] = [];
  const reach = (target: string) => {
    pending.push(target);
    return refTo(target);
  };
  const schema = toJsonSchema(root, direction, reach) as Record<string, unknown>;
  while (pending.length > 0 && Object.keys(defs).length < MAX_DEFS) {
    const next = pending.pop() as string;
    const declared = named.get(next);
    if (Object.hasOwn(defs, next) || declared === undefined) continue;
    defs[next] = toJsonSchema(declared, direction, reach);
  }
  return { ...schema, $defs: defs };
}

/** A prompt carries a record's schemas, not a whole document's. */
const MAX_DEFS = 200;

/** The named schemas a value (a declared operation, a schema) refers to, anywhere in it. */
export function referencedNames(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) referencedNames(item, into);
  else if (isJsonObject(value))
    for (const [key, child] of Object.entries(value)) {
      const name = key === '$ref' && typeof child === 'string' ? schemaNameOfRef(child) : undefined;
      if (name !== undefined) into.add(name);
      else referencedNames(child, into);
    }
  return into;
}
