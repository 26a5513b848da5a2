import { type BodyProperty, designMessages, type SchemaMaster, schemaRef } from '@sandbox/contracts';
import { schemaNameOf } from '@sandbox/engine/model/schemaClosure';
import { Invalid } from '../http/errors.js';

// What a named schema of a designed API must be for the model to hold it: distinct keys at each level,
// references to schemas of the API, and no chain of required references that comes back to itself
// (no finite value could satisfy it: the sandbox could neither accept nor generate one).

/** Refuses two properties of one key at any level of the tree. */
export function refuseDuplicateKeys(schemaName: string, properties: BodyProperty[], where = schemaName) {
  const seen = new Set<string>();
  for (const property of properties) {
    if (seen.has(property.jsonKey))
      throw new Invalid(designMessages.propertyDuplicate(property.jsonKey, where));
    seen.add(property.jsonKey);
    if (property.configProperties?.length)
      refuseDuplicateKeys(schemaName, property.configProperties, `${where}.${property.jsonKey}`);
  }
}

/** Refuses a reference (of a property, of array items) to a schema the API does not have. */
export function refuseUnknownReferences(
  schema: Pick<SchemaMaster, 'itemsRef' | 'configProperties'>,
  names: ReadonlySet<string>,
) {
  const check = (ref: string | null | undefined) => {
    if (!ref) return;
    const name = schemaNameOf(ref);
    if (name === undefined) throw new Invalid(designMessages.schemaRefMalformed(ref));
    if (!names.has(name)) throw new Invalid(designMessages.schemaUnknown(name));
  };
  check(schema.itemsRef);
  const visit = (properties: BodyProperty[]) => {
    for (const property of properties) {
      check(property.refProperties);
      if (property.configProperties) visit(property.configProperties);
    }
  };
  visit(schema.configProperties);
}

/**
 * The schemas a value of this one must contain: those referred to by its required, non-nullable
 * object properties (inline objects followed). An array may be empty, so its items are not needed.
 */
function requiredReferences(properties: BodyProperty[], path: string): { name: string; via: string }[] {
  return properties.flatMap((property) => {
    if (!property.isMandatory || property.nullable || property.jsonKeyType === 'array') return [];
    const via = `${path}.${property.jsonKey}`;
    const name = schemaNameOf(property.refProperties);
    if (name !== undefined) return [{ name, via }];
    return property.configProperties ? requiredReferences(property.configProperties, via) : [];
  });
}

/** Refuses schemas that require each other in a circle: `Node.next → Node`. */
export function refuseRequiredCycles(schemas: SchemaMaster[]): void {
  const byName = new Map(schemas.map((s) => [s.schemaName, s]));
  const edges = new Map(
    schemas.map((s) => [
      s.schemaName,
      s.schemaType === 'object' && !s.nullable ? requiredReferences(s.configProperties, s.schemaName) : [],
    ]),
  );
  const done = new Set<string>();
  const visit = (name: string, trail: string[], vias: string[]): void => {
    const at = trail.indexOf(name);
    if (at >= 0) {
      const chain = [...vias.slice(at), name].map((v, i, all) => (i === all.length - 1 ? v : `${v} →`));
      throw new Invalid(designMessages.schemaCycle(chain.join(' ')));
    }
    if (done.has(name) || !byName.has(name)) return;
    for (const edge of edges.get(name) ?? []) visit(edge.name, [...trail, name], [...vias, edge.via]);
    done.add(name);
  };
  for (const schema of schemas) visit(schema.schemaName, [], []);
}

/** Where a schema is used among the API's other schemas, as the user would say it; null: nowhere. */
export function schemaUserOf(name: string, schemas: SchemaMaster[]): string | null {
  for (const schema of schemas) {
    if (schema.schemaName === name) continue;
    if (schemaNameOf(schema.itemsRef) === name || schema.composition?.schemaNames.includes(name))
      return `schema "${schema.schemaName}"`;
    const visit = (properties: BodyProperty[], path: string): string | null => {
      for (const property of properties) {
        const at = `${path}.${property.jsonKey}`;
        if (schemaNameOf(property.refProperties) === name) return at;
        const inner = property.configProperties && visit(property.configProperties, at);
        if (inner) return inner;
      }
      return null;
    };
    const found = visit(schema.configProperties, schema.schemaName);
    if (found) return `property ${found}`;
  }
  return null;
}

/** The property tree with every reference to schema `from` made a reference to `to`. */
export function renameReferences(properties: BodyProperty[], from: string, to: string): BodyProperty[] {
  return properties.map((property) => ({
    ...property,
    ...(schemaNameOf(property.refProperties) === from && { refProperties: schemaRef(to) }),
    ...(property.configProperties && {
      configProperties: renameReferences(property.configProperties, from, to),
    }),
  }));
}

/**
 * A document part (a declared operation or schema) with every `$ref` to schema `from` made one to
 * `to` (null: tells only whether there is one, through `found`).
 */
export function rewriteSchemaRefs<T>(value: T, from: string, to: string | null, found = { any: false }): T {
  const target = schemaRef(from);
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (node === null || typeof node !== 'object') return node;
    return Object.fromEntries(
      Object.entries(node).map(([key, inner]) => {
        if (key === '$ref' && inner === target) {
          found.any = true;
          return [key, to === null ? inner : schemaRef(to)];
        }
        return [key, walk(inner)];
      }),
    );
  };
  return walk(value) as T;
}

/** Whether a document part refers to schema `name`. */
export function refersTo(value: unknown, name: string): boolean {
  const found = { any: false };
  rewriteSchemaRefs(value, name, null, found);
  return found.any;
}
