import { type BodyProperty, type SchemaMaster, schemaNameOfRef } from '@sandbox/contracts';

/** The schema a row's reference (`refProperties`, `itemsRef`) names, if it has one. */
export function schemaNameOf(ref: string | null | undefined): string | undefined {
  return ref ? schemaNameOfRef(ref) : undefined;
}

/** Names of the schemas a schema refers to: nested refs, array items, oneOf/anyOf alternatives. */
export function referencedSchemaNames(schema: SchemaMaster): string[] {
  const names = new Set<string>();
  const add = (name: string | undefined) => {
    if (name) names.add(name);
  };
  const visit = (props: BodyProperty[] | undefined) => {
    for (const p of props ?? []) {
      add(schemaNameOf(p.refProperties));
      visit(p.configProperties);
    }
  };
  add(schemaNameOf(schema.itemsRef));
  for (const name of schema.composition?.schemaNames ?? []) add(name);
  visit(schema.configProperties);
  return [...names];
}

/** Loads the named schemas and every schema they reach, each once (cycles included). */
export async function loadSchemaClosure(
  names: string[],
  load: (names: string[]) => Promise<SchemaMaster[]>,
): Promise<SchemaMaster[]> {
  const found = new Map<string, SchemaMaster>();
  let pending = [...new Set(names)];
  while (pending.length > 0) {
    const loaded = await load(pending);
    for (const s of loaded) found.set(s.schemaName, s);
    const asked = new Set(pending);
    pending = [
      ...new Set(loaded.flatMap(referencedSchemaNames).filter((n) => !found.has(n) && !asked.has(n))),
    ];
  }
  return [...found.values()];
}
