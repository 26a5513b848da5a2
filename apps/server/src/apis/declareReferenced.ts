import type { DeclaredSchema } from '@sandbox/contracts';
import { loadSchemaClosure } from '@sandbox/engine/model/schemaClosure';
import { schemaOfMaster } from '@sandbox/engine/model/toSchemaObjects';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { loadSchemas } from './schemaStore.js';

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
  for (;;) {
    const row = await db
      .selectFrom('api_masters')
      .select('declared_schemas')
      .where('id', '=', apiMasterId)
      .executeTakeFirst();
    if (!row) return;
    const declared = new Map<string, DeclaredSchema>(
      Object.entries(row.declared_schemas === null ? {} : JSON.parse(row.declared_schemas)),
    );
    const missing = wanted.filter((name) => !declared.has(name));
    if (missing.length === 0) return;
    const reached = await loadSchemaClosure(missing, (batch) =>
      loadSchemas(
        db,
        apiMasterId,
        batch.filter((name) => !declared.has(name)),
      ),
    );
    if (reached.length === 0) return;
    for (const master of reached)
      if (!declared.has(master.schemaName)) declared.set(master.schemaName, schemaOfMaster(master));
    // fromEntries: a schema named `__proto__` is a name like any other
    const written = JSON.stringify(Object.fromEntries(declared));
    const result = await db
      .updateTable('api_masters')
      .set({ declared_schemas: written })
      .where('id', '=', apiMasterId)
      .where((eb) =>
        row.declared_schemas === null
          ? eb('declared_schemas', 'is', null)
          : eb('declared_schemas', '=', row.declared_schemas),
      )
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) return;
  }
}
