// Edits of a body schema's property tree (spec §3 Body property, §5 rules), kept pure for tests.
import {
  BODY_FIELD_TYPES,
  type BodyProperty,
  PROPERTY_TYPES,
  type PropertyType,
  type SchemaMaster,
  schemaNameOfRef,
} from '@sandbox/contracts';

/** The spec's four types first, then those imported documents need. */
export const PROPERTY_TYPE_OPTIONS: PropertyType[] = [
  ...BODY_FIELD_TYPES,
  ...PROPERTY_TYPES.filter((type) => !(BODY_FIELD_TYPES as readonly string[]).includes(type)),
];

/** Where a property sits: its index at each level of nesting. */
export type PropertyPath = number[];

export function updatePropertyAt(
  properties: BodyProperty[],
  [index, ...rest]: PropertyPath,
  patch: Partial<BodyProperty>,
): BodyProperty[] {
  return properties.map((property, i) => {
    if (i !== index) return property;
    if (rest.length === 0) return applyPatch(property, patch);
    return { ...property, configProperties: updatePropertyAt(property.configProperties ?? [], rest, patch) };
  });
}

function applyPatch(property: BodyProperty, patch: Partial<BodyProperty>): BodyProperty {
  const next = { ...property, ...patch };
  // spec §5: a boolean has no length, so both bounds are cleared.
  if (next.jsonKeyType === 'boolean') return { ...next, minLength: null, maxLength: null };
  return next;
}

/** The schema a reference names (schemaRef), or '' for none. */
export function refName(ref: string | null | undefined): string {
  return (ref && schemaNameOfRef(ref)) ?? '';
}

/** The named schemas a schema reaches through references, nearest first, each once. */
export function referencedSchemas(rootName: string, schemas: SchemaMaster[]): SchemaMaster[] {
  const byName = new Map(schemas.map((schema) => [schema.schemaName, schema]));
  const seen = new Set([rootName]);
  const found: SchemaMaster[] = [];
  const queue = [rootName];
  while (queue.length > 0) {
    const schema = byName.get(queue.shift() as string);
    if (!schema) continue;
    const refs = [refName(schema.itemsRef), ...collectRefs(schema.configProperties)];
    for (const name of refs) {
      const target = byName.get(name);
      if (!name || seen.has(name) || !target) continue;
      seen.add(name);
      found.push(target);
      queue.push(name);
    }
  }
  return found;
}

function collectRefs(properties: BodyProperty[]): string[] {
  return properties.flatMap((property) => [
    refName(property.refProperties),
    ...collectRefs(property.configProperties ?? []),
  ]);
}

/** A number field's text as the API's value: empty means no bound. */
export function toBound(text: string): number | null {
  return text === '' ? null : Number(text);
}
