import { type BodyProperty, type DeclaredSchema, schemaNameOfRef } from '@sandbox/contracts';
import { isJsonObject } from '../shared/jsonObjects.js';
import { decodeDefault } from './decodeDefault.js';

// The Body form's fields are a view of the model (the declared schema): saving the form writes each
// field that changed to its keyword in the model and leaves every other keyword as it was written.

type Json = Record<string, unknown>;

/** The keyword the sandbox reads a property's automatic value from; its values are the catalog's. */
export const AUTO_GENERATION_KEYWORD = 'x-auto-generation';

/**
 * The format a property is written with: its own, and for a property a user designed with no format
 * of its own, the one its Auto Generation implies (UUID on a string is `format: uuid`, which tells
 * every reader of the document, not the sandbox alone). A property an imported document brought keeps
 * the document's format: its Auto Generation is the generator's keyword alone.
 */
export function writtenFormat(
  property: Pick<BodyProperty, 'format' | 'autoGenerationType' | 'jsonKeyType' | 'isDesigned'>,
): string | null | undefined {
  if (property.format != null || !property.isDesigned) return property.format;
  return property.autoGenerationType === 'UUID' && property.jsonKeyType === 'string' ? 'uuid' : undefined;
}

/**
 * The declared schema once a schema's saved property tree (`after`) is applied to it: the fields of
 * each property that differ from the stored tree (`before`) are written at the property's place,
 * found by its keys (through `items` of arrays and the inline parts of `allOf`); a property the model
 * lacks is added, one the form dropped is removed. A reference is written only to a schema of
 * the model (`named`): the catalog's schemas made up for inline compositions are not in it.
 */
export function applyFormEdit(
  schema: DeclaredSchema,
  before: BodyProperty[],
  after: BodyProperty[],
  named: ReadonlySet<string>,
): DeclaredSchema {
  const edited = schema === true ? {} : structuredClone(schema);
  if (!isJsonObject(edited)) return edited;
  editLevel(edited, before, after, named);
  return edited;
}

function editLevel(
  container: Json,
  before: BodyProperty[],
  after: BodyProperty[],
  named: ReadonlySet<string>,
): void {
  const matched = new Set<BodyProperty>();
  for (const property of after) {
    const old =
      before.find((b) => property.id !== undefined && b.id === property.id) ??
      before.find((b) => b.jsonKey === property.jsonKey && !matched.has(b));
    if (old) matched.add(old);
    const place =
      findPlace(container, old?.jsonKey ?? property.jsonKey) ?? addPlace(container, property.jsonKey);
    if (old && old.jsonKey !== property.jsonKey) rename(container, place, old.jsonKey, property.jsonKey);
    editProperty(container, place, old, property, named);
    const children = property.configProperties ?? [];
    const oldChildren = old?.configProperties ?? [];
    if (children.length === 0 && oldChildren.length === 0) continue;
    const inner = childContainer(place.node, property.jsonKeyType);
    if (inner) editLevel(inner, oldChildren, children, named);
  }
  for (const old of before) {
    if (!matched.has(old)) removeProperty(container, old.jsonKey);
  }
}

/** Where a property is written: its schema and the schema whose `properties` hold it. */
interface Place {
  owner: Json;
  node: Json;
}

/**
 * The schemas a level's properties may be written in: the schema itself, the parts of its `allOf`
 * written in place, and X of `anyOf: [X, {type: 'null'}]` (how "X or null" is written). References
 * to named schemas are not followed: a named schema is edited through its own form.
 */
function holdersOf(schema: Json, seen = new Set<Json>()): Json[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const holders = [schema];
  if (Array.isArray(schema.allOf)) {
    for (const part of schema.allOf)
      if (isJsonObject(part) && !('$ref' in part)) holders.push(...holdersOf(part, seen));
  }
  const alternative = nonNullAlternative(schema);
  if (alternative && !('$ref' in alternative)) holders.push(...holdersOf(alternative, seen));
  return holders;
}

function nonNullAlternative(schema: Json): Json | undefined {
  for (const kind of ['anyOf', 'oneOf'] as const) {
    const alternatives = schema[kind];
    if (!Array.isArray(alternatives) || !alternatives.some(isNullSchema)) continue;
    const others = alternatives.filter((alternative) => !isNullSchema(alternative));
    if (others.length === 1 && isJsonObject(others[0])) return others[0];
  }
  return undefined;
}

function isNullSchema(schema: unknown): boolean {
  if (!isJsonObject(schema)) return false;
  return (
    schema.type === 'null' ||
    (Array.isArray(schema.type) && schema.type.length === 1 && schema.type[0] === 'null')
  );
}

function findPlace(container: Json, key: string): Place | undefined {
  for (const owner of holdersOf(container)) {
    const properties = owner.properties;
    if (!isJsonObject(properties) || !Object.hasOwn(properties, key)) continue;
    const node = properties[key];
    if (node === true || node === undefined) properties[key] = {};
    if (!isJsonObject(properties[key])) return undefined;
    return { owner, node: properties[key] as Json };
  }
  return undefined;
}

function addPlace(container: Json, key: string): Place {
  if (!isJsonObject(container.properties)) container.properties = {};
  const properties = container.properties as Json;
  const node: Json = {};
  // defineProperty: a property named `__proto__` is a key like any other
  Object.defineProperty(properties, key, {
    value: node,
    enumerable: true,
    writable: true,
    configurable: true,
  });
  return { owner: container, node };
}

/** The schema of an object's properties, or of an array's items' properties. */
function childContainer(node: Json, type: BodyProperty['jsonKeyType']): Json | undefined {
  const body = nonNullAlternative(node) ?? node;
  if (type !== 'array') return body;
  if (body.items === undefined || body.items === true) body.items = {};
  return isJsonObject(body.items) ? body.items : undefined;
}

function rename(container: Json, place: Place, from: string, to: string): void {
  const properties = place.owner.properties as Json;
  place.owner.properties = Object.fromEntries(
    Object.entries(properties).map(([key, value]) => [key === from ? to : key, value]),
  );
  for (const holder of holdersOf(container)) {
    if (Array.isArray(holder.required))
      holder.required = holder.required.map((key) => (key === from ? to : key));
  }
}

function removeProperty(container: Json, key: string): void {
  for (const holder of holdersOf(container)) {
    if (isJsonObject(holder.properties)) delete holder.properties[key];
    dropRequired(holder, key);
  }
}

function dropRequired(holder: Json, key: string): void {
  if (!Array.isArray(holder.required)) return;
  const kept = holder.required.filter((name) => name !== key);
  if (kept.length > 0) holder.required = kept;
  else delete holder.required;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Writes each field of `after` that differs from `before` (every field, for a new property). */
function editProperty(
  container: Json,
  place: Place,
  before: BodyProperty | undefined,
  after: BodyProperty,
  named: ReadonlySet<string>,
): void {
  const changed = (field: keyof BodyProperty) => !before || !same(before[field], after[field]);
  const { node } = place;
  const isArray = after.jsonKeyType === 'array';
  const reference = after.refProperties ? schemaNameOfRef(after.refProperties) : undefined;
  const writable = !after.refProperties || (reference !== undefined && named.has(reference));
  if (changed('refProperties') && writable)
    writeReference(isArray ? itemsOf(node) : node, after.refProperties);
  if (changed('jsonKeyType')) writeType(node, after.jsonKeyType, Boolean(after.refProperties) && !isArray);
  if (isArray && changed('itemsType') && !after.refProperties && after.itemsType) {
    writeType(itemsOf(node), after.itemsType, false);
  }
  if (changed('isMandatory')) {
    if (after.isMandatory) {
      const required = Array.isArray(place.owner.required) ? place.owner.required : [];
      if (!required.includes(after.jsonKey)) place.owner.required = [...required, after.jsonKey];
    } else {
      for (const holder of holdersOf(container)) dropRequired(holder, after.jsonKey);
    }
  }
  const target = keywordTarget(node);
  const [min, max] = isArray ? ['minItems', 'maxItems'] : ['minLength', 'maxLength'];
  if (changed('minLength')) writeKeyword(target, min, after.minLength);
  if (changed('maxLength')) writeKeyword(target, max, after.maxLength);
  if (changed('defaultValue')) {
    const value =
      after.defaultValue == null ? undefined : decodeDefault(after.defaultValue, after.jsonKeyType);
    writeKeyword(node, 'default', value);
  }
  if (changed('description')) writeKeyword(node, 'description', after.description || undefined);
  if (changed('autoGenerationType')) writeKeyword(node, AUTO_GENERATION_KEYWORD, after.autoGenerationType);
  if (!before || !same(writtenFormat(before), writtenFormat(after)))
    writeKeyword(target, 'format', writtenFormat(after));
  if (changed('pattern')) writeKeyword(target, 'pattern', after.pattern);
  if (changed('minimum')) writeKeyword(target, 'minimum', after.minimum);
  if (changed('maximum')) writeKeyword(target, 'maximum', after.maximum);
  if (changed('enumValues')) {
    writeKeyword(target, 'enum', after.enumValues);
    if (after.enumValues != null) delete target.const;
  }
  if (changed('readOnly')) writeKeyword(node, 'readOnly', after.readOnly || undefined);
  if (changed('writeOnly')) writeKeyword(node, 'writeOnly', after.writeOnly || undefined);
  if (changed('example')) writeExample(node, after.example);
  if (changed('nullable')) writeNullable(node, Boolean(after.nullable));
}

/** Constraints of "X or null" are X's; of anything else, the schema's own. */
function keywordTarget(node: Json): Json {
  const alternative = nonNullAlternative(node);
  return alternative && !('$ref' in alternative) ? alternative : node;
}

function itemsOf(node: Json): Json {
  const body = keywordTarget(node);
  if (!isJsonObject(body.items)) body.items = {};
  return body.items as Json;
}

function writeKeyword(node: Json, keyword: string, value: unknown): void {
  if (value === undefined || value === null) delete node[keyword];
  else node[keyword] = value;
}

/** A reference is `$ref`, or the `$ref` of `allOf: [{$ref}]` (how 3.0 puts a description beside one). */
function writeReference(node: Json, reference: string | null | undefined): void {
  const parts = node.allOf;
  const wrapped =
    Array.isArray(parts) &&
    parts.length === 1 &&
    isJsonObject(parts[0]) &&
    '$ref' in parts[0] &&
    !('$ref' in node);
  if (wrapped) {
    if (reference) (parts[0] as Json).$ref = reference;
    else delete node.allOf;
    return;
  }
  writeKeyword(node, '$ref', reference || undefined);
}

/** The type keeps its `null` (a 3.1 type list) as it was; a reference gets no type beside it unless it had one. */
function writeType(node: Json, type: BodyProperty['jsonKeyType'], isReference: boolean): void {
  const target = keywordTarget(node);
  if (Array.isArray(target.type)) {
    target.type = target.type.includes('null') && type !== 'null' ? [type, 'null'] : type;
    return;
  }
  if (isReference && target.type === undefined) return;
  target.type = type;
}

/** 3.0's `example`, or the first of 3.1's `examples` when that is how the schema gives it. */
function writeExample(node: Json, example: unknown): void {
  if (!('example' in node) && Array.isArray(node.examples) && example !== undefined) {
    node.examples = [example, ...node.examples.slice(1)];
    return;
  }
  writeKeyword(node, 'example', example);
}

function writeNullable(node: Json, nullable: boolean): void {
  const target = keywordTarget(node);
  if (nullable) {
    if (Array.isArray(target.type)) {
      if (!target.type.includes('null')) target.type = [...target.type, 'null'];
    } else if (!nonNullAlternative(node)) {
      node.nullable = true;
    }
    return;
  }
  delete node.nullable;
  delete node['x-nullable'];
  if (Array.isArray(target.type)) {
    const types = target.type.filter((type) => type !== 'null');
    target.type = types.length === 1 ? types[0] : types;
  }
  const alternative = nonNullAlternative(node);
  if (!alternative) return;
  // "X or null" becomes X, with what was written beside the alternatives kept
  for (const kind of ['anyOf', 'oneOf']) {
    if (Array.isArray(node[kind]) && (node[kind] as unknown[]).includes(alternative)) delete node[kind];
  }
  for (const [key, value] of Object.entries(alternative)) if (!Object.hasOwn(node, key)) node[key] = value;
}
