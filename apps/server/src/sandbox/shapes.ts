import type { BodyProperty, PropertyType, SchemaMaster, ValueConstraints } from '@sandbox/contracts';
import { schemaNameOf } from '../apis/schemaClosure.js';
import { enforceablePattern, type TenantPattern } from './tenantPattern.js';

/**
 * One description of a value for validation and generation, compiled once per deployed API from the
 * catalog's schemas, properties and parameters. Named schemas stay references, so cycles cost nothing.
 */
export interface Shape {
  type: PropertyType;
  nullable?: boolean;
  format?: string | null;
  enum?: unknown[] | null;
  minLength?: number | null;
  maxLength?: number | null;
  minimum?: number | null;
  maximum?: number | null;
  /** Compiled once, with the API: a linear-time engine, never JavaScript's RegExp. */
  pattern?: TenantPattern | null;
  default?: unknown;
  example?: unknown;
  autoGeneration?: string | null;
  /** A property only answers carry: a request need not send it, even when mandatory. */
  readOnly?: boolean;
  /** A property only requests carry: no answer includes it. */
  writeOnly?: boolean;
  /** A named schema of the same API. */
  ref?: string;
  properties?: { key: string; required: boolean; shape: Shape }[];
  items?: Shape;
  oneOf?: string[];
}

export type Schemas = Map<string, Shape>;

/**
 * Default values are stored as text; JSON text becomes its value, anything else stays a string. A
 * nullable string's `null` is the document's `default: null`, not the word.
 */
export function parseDefault(
  value: string | null | undefined,
  type: PropertyType,
  nullable?: boolean,
): unknown {
  if (value === null || value === undefined || value === '') return undefined;
  if (value === 'null' && nullable) return null;
  if (type === 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

function constraintsOf(p: ValueConstraints) {
  return {
    format: p.format,
    enum: p.enumValues?.length ? p.enumValues : null,
    minLength: p.minLength,
    maxLength: p.maxLength,
    minimum: p.minimum,
    maximum: p.maximum,
    pattern: enforceablePattern(p.pattern),
    example: p.example,
  };
}

export function propertyShape(p: BodyProperty): Shape {
  const shape: Shape = {
    type: p.jsonKeyType,
    nullable: p.nullable,
    ...constraintsOf(p),
    default: parseDefault(p.defaultValue, p.jsonKeyType, p.nullable),
    autoGeneration: p.autoGenerationType,
    readOnly: p.readOnly,
    writeOnly: p.writeOnly,
  };
  const ref = schemaNameOf(p.refProperties) ?? undefined;
  const nested = p.configProperties?.length ? objectProperties(p.configProperties) : undefined;
  if (p.jsonKeyType === 'array') {
    const itemType = p.itemsType ?? (ref || nested ? 'object' : 'string');
    shape.items = ref
      ? { type: itemType, ref }
      : nested
        ? { type: 'object', properties: nested }
        : { type: itemType };
  } else if (ref) {
    shape.ref = ref;
  } else if (nested) {
    shape.properties = nested;
  }
  return shape;
}

function objectProperties(props: BodyProperty[]) {
  return props.map((p) => ({ key: p.jsonKey, required: p.isMandatory, shape: propertyShape(p) }));
}

export function schemaShape(schema: SchemaMaster): Shape {
  if (schema.composition?.schemaNames.length) {
    return { type: schema.schemaType, oneOf: schema.composition.schemaNames, example: schema.example };
  }
  if (schema.schemaType === 'array') {
    const ref = schemaNameOf(schema.itemsRef) ?? undefined;
    return {
      type: 'array',
      items: ref ? { type: schema.itemsType ?? 'object', ref } : { type: schema.itemsType ?? 'string' },
      example: schema.example,
    };
  }
  if (schema.schemaType !== 'object') {
    return {
      type: schema.schemaType,
      nullable: schema.nullable,
      ...constraintsOf(schema),
      default: parseDefault(schema.defaultValue, schema.schemaType, schema.nullable),
    };
  }
  return {
    type: 'object',
    nullable: schema.nullable,
    properties: objectProperties(schema.configProperties),
    example: schema.example,
  };
}

export function compileSchemas(schemas: SchemaMaster[]): Schemas {
  return new Map(schemas.map((s) => [s.schemaName, schemaShape(s)]));
}
