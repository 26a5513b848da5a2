import { loadSchemaClosure } from '@sandbox/engine/model/schemaClosure';
import { schemaOfMaster } from '@sandbox/engine/model/toSchemaObjects';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { editDeclaredSchemas, loadDeclaredSchemas, loadSchemas } from './schemaStore.js';

// The sandbox answers from the API's model alone: every schema its operations and schemas refer to by
// name must be one of its declared schemas. The catalog has schemas the model lacks (those the importer
// named for a document's inline bodies, every schema of an API imported before its schemas were kept),
// which a design call may name (a request's or a response's body, say): a reference to one declares
// it, written as the export writes it, with the schemas it refers to in turn.

type Executor = Kysely<Database> | Transaction<Database>;

/** Declares each of the catalog's schemas named (and those they reach) that the API's model lacks. */
export async function declareReferenced(
  db: Executor,
  apiMasterId: number,
  names: Iterable<string>,
): Promise<void> {
  const wanted = [...new Set(names)];
  if (wanted.length === 0) return;
  const declared = await loadDeclaredSchemas(db, apiMasterId);
  const lacks = (name: string) => !Object.hasOwn(declared, name);
  if (!wanted.some(lacks)) return;
  const reached = await loadSchemaClosure(wanted.filter(lacks), (batch) =>
    loadSchemas(db, apiMasterId, batch.filter(lacks)),
  );
  await editDeclaredSchemas(db, apiMasterId, (schemas) => {
    const added = reached.filter((master) => !Object.hasOwn(schemas, master.schemaName));
    if (added.length === 0) return undefined;
    // fromEntries: a schema named `__proto__` is a name like any other
    return Object.fromEntries([
      ...Object.entries(schemas),
      ...added.map((master) => [master.schemaName, schemaOfMaster(master)] as const),
    ]);
  });
}
