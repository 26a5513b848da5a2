import type { DeclaredSchema, DeclaredSchemas, SchemaMaster } from '@sandbox/contracts';
import { schemaOfMaster } from '../export/toSchemaObjects.js';

/**
 * An API's named schemas as the model has them: as its document declared them (with the edits made
 * since), or, for an API created empty or imported before they were kept, its catalog's schemas as
 * the export writes them.
 */
export function namedSchemas(
  declared: DeclaredSchemas | ReadonlyMap<string, DeclaredSchema> | null,
  catalog: SchemaMaster[],
): ReadonlyMap<string, DeclaredSchema> {
  const map = declared instanceof Map ? declared : new Map(Object.entries(declared ?? {}));
  if (map.size > 0) return map;
  return new Map(catalog.map((master) => [master.schemaName, schemaOfMaster(master)]));
}
