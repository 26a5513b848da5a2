import {
  type BodyProperty,
  type PropertyType,
  type SchemaMaster,
  schemaRef,
  type ValueConstraints,
} from '@sandbox/contracts';
import { AUTO_GENERATION_KEYWORD, writtenFormat } from './applyFormEdit.js';
import { decodeDefault } from './decodeDefault.js';

// Schema objects of OpenAPI 3.1 (JSON Schema 2020-12) rebuilt from the model.

export type SchemaObject = Record<string, unknown>;

/** A reference to the named schema `name`. */
export function refTo(name: string): SchemaObject {
  return { $ref: schemaRef(name) };
}

export function schemaOfMaster(master: SchemaMaster): SchemaObject {
  const schema: SchemaObject = { type: typeWithNull(master.schemaType, master.nullable) };
  if (master.composition) schema[master.composition.kind] = master.composition.schemaNames.map(refTo);
  if (master.schemaType === 'object' && master.configProperties.length > 0) {
    Object.assign(schema, objectMembers(master.configProperties));
  }
  if (master.schemaType === 'array') schema.items = itemsOf(master.itemsRef, master.itemsType);
  else if (master.schemaType !== 'object') Object.assign(schema, constraintsOf(master, master.schemaType));
  if (master.description != null) schema.description = master.description;
  if (master.example !== undefined) schema.example = master.example;
  return schema;
}

export function schemaOfProperty(property: BodyProperty): SchemaObject {
  const type = property.jsonKeyType;
  if (property.refProperties && type !== 'array') return referenceOf(property);
  const schema: SchemaObject = { type: typeWithNull(type, property.nullable) };
  if (type === 'array') {
    schema.items = property.configProperties?.length
      ? { type: 'object', ...objectMembers(property.configProperties) }
      : itemsOf(property.refProperties, property.itemsType);
  }
  if (type === 'object' && property.configProperties?.length) {
    Object.assign(schema, objectMembers(property.configProperties));
  }
  Object.assign(schema, constraintsOf(property, type), generationOf(property));
  if (property.description != null) schema.description = property.description;
  if (property.example !== undefined) schema.example = property.example;
  return schema;
}

/**
 * A property's Auto Generation, written where the sandbox and the export read it, as an edit of an
 * imported schema writes it (applyFormEdit): the keyword the generator follows, and for a property a
 * user designed, the format it implies (UUID on a string with no format of its own: `format: uuid`).
 */
function generationOf(property: BodyProperty): SchemaObject {
  const kind = property.autoGenerationType;
  if (!kind) return {};
  const written: SchemaObject = { [AUTO_GENERATION_KEYWORD]: kind };
  const format = writtenFormat(property);
  if (format != null) written.format = format;
  return written;
}

/** A nullable reference is `anyOf: [ref, null]`, which the importer reads back as the same property. */
function referenceOf(property: BodyProperty): SchemaObject {
  const reference = { $ref: property.refProperties as string };
  const schema: SchemaObject = property.nullable ? { anyOf: [reference, { type: 'null' }] } : reference;
  if (property.description != null) schema.description = property.description;
  if (property.defaultValue != null)
    schema.default = decodeDefault(property.defaultValue, property.jsonKeyType);
  if (property.example !== undefined) schema.example = property.example;
  return schema;
}

function objectMembers(properties: BodyProperty[]): SchemaObject {
  const required = properties.filter((property) => property.isMandatory).map((property) => property.jsonKey);
  const members: SchemaObject = {
    properties: Object.fromEntries(
      properties.map((property) => [property.jsonKey, withAccess(schemaOfProperty(property), property)]),
    ),
  };
  if (required.length > 0) members.required = required;
  return members;
}

function withAccess(schema: SchemaObject, { readOnly, writeOnly }: BodyProperty): SchemaObject {
  if (readOnly) schema.readOnly = true;
  if (writeOnly) schema.writeOnly = true;
  return schema;
}

function itemsOf(
  reference: string | null | undefined,
  itemsType: PropertyType | null | undefined,
): SchemaObject {
  if (reference) return { $ref: reference };
  return itemsType ? { type: itemsType } : {};
}

function typeWithNull(type: PropertyType, nullable: boolean | undefined): PropertyType | PropertyType[] {
  return nullable && type !== 'null' ? [type, 'null'] : type;
}

export function constraintsOf(source: ValueConstraints, type: PropertyType): SchemaObject {
  const schema: SchemaObject = {};
  if (source.format != null) schema.format = source.format;
  if (source.enumValues != null) schema.enum = source.enumValues;
  const [min, max] = type === 'array' ? ['minItems', 'maxItems'] : ['minLength', 'maxLength'];
  if (source.minLength != null) schema[min] = source.minLength;
  if (source.maxLength != null) schema[max] = source.maxLength;
  if (source.minimum != null) schema.minimum = source.minimum;
  if (source.maximum != null) schema.maximum = source.maximum;
  if (source.pattern != null) schema.pattern = source.pattern;
  if (source.defaultValue != null) schema.default = decodeDefault(source.defaultValue, type);
  return schema;
}
