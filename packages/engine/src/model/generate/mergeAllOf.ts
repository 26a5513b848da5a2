import { isJsonObject } from '../../shared/jsonObjects.js';
import type { JsonSchema } from '../toJsonSchema.js';

// `allOf` as one schema to generate from: properties and requirements joined, bounds narrowed, the
// rest taken from the first part that sets it. What cannot be joined exactly is still checked on the
// value, since the original schema is kept beside the merged one.

type Json = Record<string, unknown>;

const LOWER_BOUNDS = new Set([
  'minimum',
  'exclusiveMinimum',
  'minLength',
  'minItems',
  'minProperties',
  'minContains',
]);
const UPPER_BOUNDS = new Set([
  'maximum',
  'exclusiveMaximum',
  'maxLength',
  'maxItems',
  'maxProperties',
  'maxContains',
]);

/** Two schemas as one; `false` when they cannot both hold (disjoint types). */
export function mergeSchemas(a: JsonSchema, b: JsonSchema): JsonSchema {
  if (a === true) return b;
  if (b === true) return a;
  if (a === false || b === false) return false;
  const out: Json = { ...a };
  for (const [key, value] of Object.entries(b)) {
    const mine = out[key];
    if (mine === undefined) out[key] = value;
    else if (LOWER_BOUNDS.has(key) && typeof mine === 'number' && typeof value === 'number')
      out[key] = Math.max(mine, value);
    else if (UPPER_BOUNDS.has(key) && typeof mine === 'number' && typeof value === 'number')
      out[key] = Math.min(mine, value);
    else if (key === 'type') {
      const type = intersectTypes(mine, value);
      if (type === undefined) return false;
      out.type = type;
    } else if (key === 'required' && Array.isArray(mine) && Array.isArray(value))
      out.required = [...new Set([...mine, ...value])];
    else if (
      (key === 'properties' || key === 'patternProperties') &&
      isJsonObject(mine) &&
      isJsonObject(value)
    ) {
      const joined: Json = { ...mine };
      for (const [name, schema] of Object.entries(value))
        joined[name] =
          joined[name] === undefined
            ? schema
            : mergeSchemas(joined[name] as JsonSchema, schema as JsonSchema);
      out[key] = joined;
    } else if (key === 'enum' && Array.isArray(mine) && Array.isArray(value)) {
      out.enum = mine.filter((m) => value.some((v) => JSON.stringify(v) === JSON.stringify(m)));
    } else if (key === 'allOf' && Array.isArray(mine) && Array.isArray(value))
      out.allOf = [...mine, ...value];
    else if (key === 'uniqueItems' || key === 'readOnly' || key === 'writeOnly')
      out[key] = mine === true || value === true;
    else if (
      key === 'additionalProperties' ||
      key === 'items' ||
      key === 'contains' ||
      key === 'propertyNames'
    ) {
      out[key] = mergeSchemas(mine as JsonSchema, value as JsonSchema);
    } else if (key === 'not' || key === 'oneOf' || key === 'anyOf' || key === 'if') {
      // a second one of these cannot sit beside the first: it joins as a part of its own
      out.allOf = [...((out.allOf as unknown[]) ?? []), partOf(b, key)];
    }
  }
  closeProperties(out, a);
  closeProperties(out, b);
  return out;
}

/** A part with `additionalProperties: false` admits only its own properties, whatever the others list. */
function closeProperties(out: Json, part: Json): void {
  if (part.additionalProperties !== false || part.patternProperties !== undefined) return;
  if (!isJsonObject(out.properties)) return;
  const own = isJsonObject(part.properties) ? part.properties : {};
  out.properties = Object.fromEntries(
    Object.entries(out.properties).filter(([key]) => Object.hasOwn(own, key)),
  );
}

function intersectTypes(a: unknown, b: unknown): unknown {
  const list = (t: unknown) => (Array.isArray(t) ? t : [t]) as string[];
  const [left, right] = [list(a), list(b)];
  const both = left.filter((t) => right.includes(t) || (t === 'integer' && right.includes('number')));
  for (const t of right)
    if (t === 'integer' && left.includes('number') && !both.includes('integer')) both.push('integer');
  if (both.length === 0) return undefined;
  return both.length === 1 ? both[0] : both;
}

/** The keyword as a schema of its own; `if` brings its `then` and `else`. */
export function partOf(schema: Json, keyword: string): Json {
  const keywords = keyword === 'if' ? ['if', 'then', 'else'] : [keyword];
  return Object.fromEntries(Object.entries(schema).filter(([key]) => keywords.includes(key)));
}
