import { schemaRef } from '@sandbox/contracts';
import type { Kysely } from 'kysely';
import type { Dialect } from '../connection.js';
import type { Database } from '../schema.js';

// A reference to a named schema has one spelling, a JSON Pointer (schemaRef): `pets/Pet` is
// `#/components/schemas/pets~1Pet`. The importer, the Responses form and the design forms wrote the
// name unescaped (`#/components/schemas/pets/Pet`, a pointer into a schema `pets`), in the model and
// in the catalog's rows; each such reference to a schema of its API is written as the pointer. Only
// names holding `/` or `~` change; a reference naming no schema of the API stays as it is.

const PREFIX = '#/components/schemas/';

type Json = Record<string, unknown>;

/** The reference spelled as a pointer, when it names one of `names` unescaped. */
function escaped(ref: string, names: ReadonlySet<string>): string {
  const name = ref.startsWith(PREFIX) ? ref.slice(PREFIX.length) : undefined;
  return name !== undefined && /[/~]/.test(name) && names.has(name) ? schemaRef(name) : ref;
}

/** A model's value (an operation, the named schemas) with every `$ref` so spelled. */
function escapeRefs(value: unknown, names: ReadonlySet<string>): unknown {
  if (Array.isArray(value)) return value.map((item) => escapeRefs(item, names));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, child]) => [
      key,
      key === '$ref' && typeof child === 'string' ? escaped(child, names) : escapeRefs(child, names),
    ]),
  );
}

/** A row's JSON with its reference field so spelled; undefined when it does not change. */
function escapedRow(definition: string, field: string, names: ReadonlySet<string>): string | undefined {
  const row = JSON.parse(definition) as Json;
  const ref = row[field];
  if (typeof ref !== 'string' || escaped(ref, names) === ref) return undefined;
  return JSON.stringify({ ...row, [field]: escaped(ref, names) });
}

async function escapeApi(db: Kysely<Database>, id: number, declared: string): Promise<void> {
  const schemas = JSON.parse(declared) as Json;
  const rows = await db
    .selectFrom('schemas')
    .select(['id', 'name', 'definition'])
    .where('api_master_id', '=', id)
    .execute();
  const names = new Set([...Object.keys(schemas), ...rows.map((row) => row.name)]);
  if (![...names].some((name) => /[/~]/.test(name))) return;
  const written = JSON.stringify(escapeRefs(schemas, names));
  if (written !== declared)
    await db.updateTable('api_masters').set({ declared_schemas: written }).where('id', '=', id).execute();
  const endpoints = await db
    .selectFrom('endpoints')
    .select(['id', 'operation'])
    .where('api_master_id', '=', id)
    .execute();
  for (const endpoint of endpoints) {
    const operation = JSON.stringify(escapeRefs(JSON.parse(endpoint.operation), names));
    if (operation !== endpoint.operation)
      await db.updateTable('endpoints').set({ operation }).where('id', '=', endpoint.id).execute();
  }
  for (const row of rows) {
    const definition = escapedRow(row.definition, 'itemsRef', names);
    if (definition) await db.updateTable('schemas').set({ definition }).where('id', '=', row.id).execute();
  }
  const properties = await db
    .selectFrom('body_properties as p')
    .innerJoin('schemas as s', 's.id', 'p.schema_id')
    .select(['p.id', 'p.definition'])
    .where('s.api_master_id', '=', id)
    .execute();
  for (const property of properties) {
    const definition = escapedRow(property.definition, 'refProperties', names);
    if (definition)
      await db.updateTable('body_properties').set({ definition }).where('id', '=', property.id).execute();
  }
}

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  const catalog = db as Kysely<Database>;
  const apis = await catalog
    .selectFrom('api_masters')
    .select(['id', 'declared_schemas'])
    .orderBy('id')
    .execute();
  for (const api of apis) await escapeApi(catalog, api.id, api.declared_schemas);
}
