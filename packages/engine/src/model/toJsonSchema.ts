import { type DeclaredSchema, type DeclaredSchemas, schemaNameOfRef, schemaRef } from '@sandbox/contracts';
import { isJsonObject } from '../shared/jsonObjects.js';
import { SUBSCHEMA_KEYWORDS, SUBSCHEMA_LISTS, SUBSCHEMA_MAPS } from './schemaKeywords.js';

// The model of an API's schemas is what its document declares (DeclaredSchema: OpenAPI 3.0 or 3.1
// dialect, Swagger 2.0's forms already in 3.0 form). This module turns it into JSON Schema 2020-12,
// the one dialect validation, generation and the export read. Every keyword is kept; only 3.0's
// spellings change: `nullable`, boolean `exclusiveMinimum`/`exclusiveMaximum`, tuple `items`.

export type JsonSchema = Record<string, unknown> | boolean;

/** Which side of the exchange a schema describes: `readOnly` is a response's, `writeOnly` a request's. */
export type Direction = 'request' | 'response' | 'both';

/** The named schema a schema refers to (`{ $ref: schemaRef(name) }`), when it is a reference to one. */
export function nameOfRef(schema: unknown): string | undefined {
  if (!isJsonObject(schema) || typeof schema.$ref !== 'string') return undefined;
  return schemaNameOfRef(schema.$ref);
}

/**
 * The 2020-12 form of a declared schema. `refTo` rewrites each reference to a named schema (the
 * validator's registry, say); without it references stay as written. In a request, a required
 * `readOnly` property is not required (OpenAPI: it is only answered), nor a `writeOnly` one in a
 * response.
 */
export function toJsonSchema(
  schema: DeclaredSchema,
  direction: Direction = 'both',
  refTo: (name: string) => string = schemaRef,
): JsonSchema {
  return convert(schema, { direction, refTo }, 0);
}

/** Every named schema of a model in 2020-12 form. */
export function toJsonSchemas(
  schemas: DeclaredSchemas,
  direction: Direction,
  refTo?: (name: string) => string,
): Record<string, JsonSchema> {
  return Object.fromEntries(
    Object.entries(schemas).map(([name, schema]) => [name, toJsonSchema(schema, direction, refTo)]),
  );
}

interface Conversion {
  direction: Direction;
  refTo: (name: string) => string;
}

// The importer bounds nesting (refuseDeepNesting); this guards a model built some other way.
const MAX_DEPTH = 256;

function convert(schema: unknown, conversion: Conversion, depth: number): JsonSchema {
  if (typeof schema === 'boolean') return schema;
  if (!isJsonObject(schema) || depth > MAX_DEPTH) return true;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'items' && Array.isArray(value)) {
      // 3.0 forbids it and 2020-12 renamed it; real documents write the tuple form all the same
      out.prefixItems = value.map((item) => convert(item, conversion, depth + 1));
      if (schema.additionalItems !== undefined)
        out.items = convert(schema.additionalItems, conversion, depth + 1);
    } else if (key === 'additionalItems') {
      if (!Array.isArray(schema.items)) continue;
    } else if (SUBSCHEMA_KEYWORDS.has(key) || key === 'items') {
      out[key] = convert(value, conversion, depth + 1);
    } else if (SUBSCHEMA_LISTS.has(key) && Array.isArray(value)) {
      out[key] = value.map((item) => convert(item, conversion, depth + 1));
    } else if (SUBSCHEMA_MAPS.has(key) && isJsonObject(value)) {
      out[key] = Object.fromEntries(
        Object.entries(value).map(([name, child]) => [name, convert(child, conversion, depth + 1)]),
      );
    } else if (key === '$ref' && typeof value === 'string') {
      const name = schemaNameOfRef(value);
      out.$ref = name === undefined ? value : conversion.refTo(name);
    } else {
      out[key] = value;
    }
  }
  exclusiveBound(out, 'exclusiveMinimum', 'minimum');
  exclusiveBound(out, 'exclusiveMaximum', 'maximum');
  if (conversion.direction !== 'both') withoutOtherSide(out, conversion.direction);
  if (out.nullable === true) return nullable(out);
  delete out.nullable;
  return out;
}

/** 3.0's `exclusiveMinimum: true` beside `minimum: 5` is 2020-12's `exclusiveMinimum: 5`. */
function exclusiveBound(schema: Record<string, unknown>, exclusive: string, inclusive: string): void {
  if (typeof schema[exclusive] !== 'boolean') return;
  if (schema[exclusive] === true && typeof schema[inclusive] === 'number') {
    schema[exclusive] = schema[inclusive];
    delete schema[inclusive];
  } else {
    delete schema[exclusive];
  }
}

/** A property only the other side carries is not required on this side. */
function withoutOtherSide(schema: Record<string, unknown>, direction: 'request' | 'response'): void {
  const { properties, required } = schema;
  if (!isJsonObject(properties) || !Array.isArray(required)) return;
  const other = direction === 'request' ? 'readOnly' : 'writeOnly';
  const kept = required.filter((key) => {
    const property = typeof key === 'string' ? properties[key] : undefined;
    return !(isJsonObject(property) && property[other] === true);
  });
  if (kept.length === required.length) return;
  if (kept.length > 0) schema.required = kept;
  else delete schema.required;
}

/**
 * 3.0's `nullable: true`: null joins the type (and the enum, which would refuse it otherwise); a
 * schema with no type of its own (a reference, a composition) becomes "that, or null".
 */
function nullable(schema: Record<string, unknown>): JsonSchema {
  delete schema.nullable;
  if (Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum = [...schema.enum, null];
  if (typeof schema.type === 'string') {
    if (schema.type !== 'null') schema.type = [schema.type, 'null'];
    return schema;
  }
  if (Array.isArray(schema.type)) {
    if (!schema.type.includes('null')) schema.type = [...schema.type, 'null'];
    return schema;
  }
  if (Array.isArray(schema.enum)) return schema;
  return { anyOf: [schema, { type: 'null' }] };
}
