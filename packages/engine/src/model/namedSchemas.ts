import {
  type DeclaredSchema,
  type DeclaredSchemas,
  escapePointerSegment,
  type SchemaMaster,
  schemaNameOfRef,
  schemaRef,
} from '@sandbox/contracts';
import { isJsonObject } from '../shared/jsonObjects.js';
import { kindsOf } from './parameterStyles.js';
import { type Direction, type JsonSchema, nameOfRef, toJsonSchema } from './toJsonSchema.js';
import { schemaOfMaster } from './toSchemaObjects.js';

/**
 * An API's named schemas as the model has them: as its document declared them (with the edits made
 * since); the catalog's schemas the document does not name (those the importer named for inline
 * schemas, all of an API created empty or imported before they were kept) as the export writes them.
 */
export function namedSchemas(
  declared: DeclaredSchemas | ReadonlyMap<string, DeclaredSchema> | null,
  catalog: SchemaMaster[],
): ReadonlyMap<string, DeclaredSchema> {
  const map = new Map<string, DeclaredSchema>(
    declared instanceof Map ? declared : Object.entries(declared ?? {}),
  );
  for (const master of catalog)
    if (!map.has(master.schemaName)) map.set(master.schemaName, schemaOfMaster(master));
  return map;
}

/**
 * The named schema whose records a body holds: the body's own, or its items' when it is a list (a
 * reference followed a few times). Undefined when that is not a schema of objects.
 */
export function recordSchemaName(
  named: ReadonlyMap<string, DeclaredSchema>,
  bodySchemaName: string,
): string | undefined {
  let name = bodySchemaName;
  for (let depth = 0; depth < 4; depth++) {
    const schema = named.get(name);
    if (!isJsonObject(schema)) return undefined;
    const next = nameOfRef(schema) ?? (schema.type === 'array' ? nameOfRef(schema.items) : undefined);
    if (next === undefined) break;
    name = next;
  }
  const { types } = kindsOf({ $ref: schemaRef(name) }, (n) => named.get(n) as JsonSchema | undefined);
  return types.has('object') ? name : undefined;
}

/**
 * A named schema as one self-contained JSON Schema 2020-12 (the schemas it reaches under `$defs`):
 * what an outside service, such as the Copilot's AI, is shown of a record.
 */
export function selfContained(
  named: ReadonlyMap<string, DeclaredSchema>,
  name: string,
  direction: Direction,
): Record<string, unknown> {
  const defs: Record<string, JsonSchema> = {};
  const refTo = (target: string) => `#/$defs/${encodeURIComponent(escapePointerSegment(target))}`;
  const pending = [name];
  while (pending.length > 0 && Object.keys(defs).length < MAX_DEFS) {
    const next = pending.pop() as string;
    const declared = named.get(next);
    if (Object.hasOwn(defs, next) || declared === undefined) continue;
    defs[next] = toJsonSchema(declared, direction, (reached) => {
      pending.push(reached);
      return refTo(reached);
    });
  }
  return { $ref: refTo(name), $defs: defs };
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
