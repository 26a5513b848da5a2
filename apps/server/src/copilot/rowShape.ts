import type { EndpointDetail } from '@sandbox/contracts';
import { compileSchemas, type Schemas, type Shape } from '../sandbox/shapes.js';

/** What one test-data row of an endpoint looks like, with the named schemas it refers to. */
export interface RowShape {
  schemaName: string;
  shape: Shape;
  schemas: Schemas;
}

/**
 * A row is one record of the endpoint's success response (an item of it when it is a list), or of
 * its request body when the endpoint answers no body. Null when neither is an object schema.
 */
export function rowShapeOf(detail: EndpointDetail): RowShape | null {
  const schemas = compileSchemas(detail.schemaMasterList);
  const responses = detail.responseConfigList
    .filter((r) => /^2\d\d$/.test(r.responseCode) && r.responseSchemaName)
    .sort((a, b) => Number(a.responseCode) - Number(b.responseCode));
  let schemaName =
    responses[0]?.responseSchemaName ?? detail.requestConfigList.find((r) => r.schemaName)?.schemaName;
  if (!schemaName) return null;
  let shape = schemas.get(schemaName);
  for (let depth = 0; shape && depth < 4; depth++) {
    if (shape.ref) {
      schemaName = shape.ref;
      shape = schemas.get(shape.ref);
    } else if (shape.type === 'array' && shape.items) shape = shape.items;
    else break;
  }
  if (shape?.type !== 'object') return null;
  return { schemaName, shape, schemas };
}

/** A JSON Schema of the row for the AI prompt; named schemas are inlined a few levels deep. */
export function toJsonSchema(shape: Shape, schemas: Schemas, depth = 0): unknown {
  if (depth > 4) return { type: shape.type };
  if (shape.ref) {
    const named = schemas.get(shape.ref);
    return named ? toJsonSchema(named, schemas, depth + 1) : { type: shape.type };
  }
  if (shape.oneOf)
    return {
      oneOf: shape.oneOf.map((name) => toJsonSchema({ type: 'object', ref: name }, schemas, depth + 1)),
    };
  const out: Record<string, unknown> = { type: shape.nullable ? [shape.type, 'null'] : shape.type };
  for (const key of ['format', 'enum', 'minLength', 'maxLength', 'minimum', 'maximum'] as const) {
    if (shape[key] != null) out[key] = shape[key];
  }
  if (shape.pattern) out.pattern = shape.pattern.source;
  if (shape.items) out.items = toJsonSchema(shape.items, schemas, depth + 1);
  if (shape.properties) {
    out.properties = Object.fromEntries(
      shape.properties.map((p) => [p.key, toJsonSchema(p.shape, schemas, depth + 1)]),
    );
    const required = shape.properties.filter((p) => p.required).map((p) => p.key);
    if (required.length > 0) out.required = required;
  }
  return out;
}
