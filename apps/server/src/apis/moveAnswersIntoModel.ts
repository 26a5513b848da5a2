import {
  type DeclaredMediaType,
  type DeclaredOperation,
  type DeclaredResponse,
  schemaRef,
} from '@sandbox/contracts';
import { applyResponseEdit } from '@sandbox/engine/model/applyResponseEdit';
import { referencedNames } from '@sandbox/engine/model/namedSchemas';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { declareReferenced } from './declareReferenced.js';
import { removeResponse } from './operationEdits.js';
import { writeRecordFields } from './recordFields.js';
import { createApiStore } from './store.js';

// What the sandbox read of an API's rows besides its model, moved into the model (migration 025), so
// that it answers from the model alone and answers as before:
// - which record field a path parameter finds (the Params form's mapping): on the declared parameter;
// - the responses an older release added or removed in the rows alone (before design calls wrote the
//   model too), the named schema it gave one whose media type declares none, and the example the
//   catalog kept for a media type that declares none (a Swagger 2.0 example of another type);
// - the catalog's schemas an operation refers to that the model lacks (see declareReferenced).

interface ResponseRow {
  code: string;
  description: string;
  schema_name: string | null;
  content_type: string | null;
  example: string | null;
}

const keyOf = (operation: DeclaredOperation, code: string) =>
  Object.keys(operation.responses).find((key) => key.toUpperCase() === code.toUpperCase());

/** The operation answering with the responses its rows have, as the sandbox answered from them. */
export function withRowResponses(operation: DeclaredOperation, rows: ResponseRow[]): DeclaredOperation {
  let edited = operation;
  const codes = new Set(rows.map((row) => row.code.toUpperCase()));
  for (const key of Object.keys(operation.responses))
    if (!codes.has(key.toUpperCase())) edited = removeResponse(edited, key);
  for (const row of rows) {
    const key = keyOf(edited, row.code);
    if (key === undefined) {
      edited = applyResponseEdit(edited, { code: row.code, description: row.description });
      // answered in its configured type, with its configured example or named schema
      if (row.content_type === null) continue;
      const response = edited.responses[row.code] as DeclaredResponse;
      response.content = {
        [row.content_type]: {
          ...(row.schema_name && { schema: { $ref: schemaRef(row.schema_name) } }),
          ...(row.example !== null && { example: JSON.parse(row.example) }),
        },
      };
      continue;
    }
    const type = row.content_type;
    const media = type === null ? undefined : edited.responses[key].content?.[type];
    if (type === null || !media) continue;
    if (row.schema_name && media.schema === undefined)
      edited = applyResponseEdit(edited, { code: key, schemaName: row.schema_name, contentType: type });
    // a Swagger 2.0 example of another media type answered the one records are kept in
    if (row.example !== null && !('example' in media) && media.examples === undefined) {
      if (edited === operation) edited = structuredClone(operation);
      (edited.responses[key].content as Record<string, DeclaredMediaType>)[type].example = JSON.parse(
        row.example,
      );
    }
  }
  return edited;
}

async function moveResponses(db: Kysely<Database>, apiMasterId: number): Promise<Set<string>> {
  const store = createApiStore(db);
  const [endpoints, rows] = await Promise.all([
    db.selectFrom('endpoints').select(['id', 'operation']).where('api_master_id', '=', apiMasterId).execute(),
    db
      .selectFrom('endpoint_responses as r')
      .innerJoin('endpoints as e', 'e.id', 'r.endpoint_id')
      .select(['r.endpoint_id', 'r.code', 'r.description', 'r.schema_name', 'r.content_type', 'r.example'])
      .where('e.api_master_id', '=', apiMasterId)
      .orderBy('r.id')
      .execute(),
  ]);
  const rowsOf = new Map<number, ResponseRow[]>();
  for (const row of rows) rowsOf.set(row.endpoint_id, [...(rowsOf.get(row.endpoint_id) ?? []), row]);
  const names = new Set<string>();
  for (const endpoint of endpoints) {
    const operation = JSON.parse(endpoint.operation) as DeclaredOperation;
    const own = rowsOf.get(endpoint.id) ?? [];
    const written = withRowResponses(operation, own);
    if (written !== operation) await store.editOperation(endpoint.id, (read) => withRowResponses(read, own));
    referencedNames(written, names);
  }
  return names;
}

/** Moves into every API's model what its answers read of its rows (migration 025). */
export async function moveAnswersIntoModel(db: Kysely<Database>): Promise<void> {
  const apis = await db.selectFrom('api_masters').select('id').orderBy('id').execute();
  for (const { id } of apis) {
    const names = await moveResponses(db, id);
    await writeRecordFields(db, id);
    await declareReferenced(db, id, names);
  }
}
