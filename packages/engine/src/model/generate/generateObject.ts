import { isJsonObject } from '../../shared/jsonObjects.js';
import type { JsonSchema } from '../toJsonSchema.js';
import { matchesPattern } from './conforms.js';
import { type Generation, MAX_ITEMS, recursive, shallow } from './context.js';
import { patternString } from './patternString.js';

type Json = Record<string, unknown>;

/**
 * An object: every required property; optional ones while the value is shallow; enough more for
 * `minProperties` and `dependentRequired`; entries of a map (`additionalProperties`,
 * `patternProperties`); a side's own properties only (`readOnly` in answers, `writeOnly` in requests).
 */
export function generateObject(schema: Json, name: string, depth: number, generation: Generation): Json {
  const out: Json = {};
  const properties = isJsonObject(schema.properties) ? schema.properties : {};
  const required = new Set(
    Array.isArray(schema.required) ? schema.required.filter((k) => typeof k === 'string') : [],
  );
  const small = shallow(generation, depth);
  const put = (key: string, property: JsonSchema) => {
    if (key in out) return;
    const value = generation.generate(property, key, depth + 1);
    if (value !== undefined) out[key] = value;
  };
  for (const [key, property] of Object.entries(properties)) {
    if (!required.has(key) && (small || !onThisSide(property, generation) || recursive(property, generation)))
      continue;
    put(key, property as JsonSchema);
  }
  for (const key of required) put(key, schemaOfKey(schema, key, generation));
  const dependents = isJsonObject(schema.dependentRequired) ? schema.dependentRequired : {};
  for (let changed = true, rounds = 0; changed && rounds < 16; rounds++) {
    changed = false;
    for (const [key, needed] of Object.entries(dependents)) {
      if (!(key in out) || !Array.isArray(needed)) continue;
      for (const other of needed) {
        if (typeof other !== 'string' || other in out) continue;
        put(other, schemaOfKey(schema, other, generation));
        changed = true;
      }
    }
  }
  const least = typeof schema.minProperties === 'number' ? schema.minProperties : 0;
  const isMap =
    Object.keys(properties).length === 0 &&
    (isJsonObject(schema.additionalProperties) || isJsonObject(schema.patternProperties));
  const wanted = Math.min(Math.max(least, isMap && !small ? generation.random.int(1, 2) : 0), MAX_ITEMS);
  for (const [key, property] of Object.entries(properties)) {
    if (Object.keys(out).length >= wanted) break;
    put(key, property as JsonSchema);
  }
  for (let attempt = 0; Object.keys(out).length < wanted && attempt < wanted * 3 + 3; attempt++) {
    const entry = extraEntry(schema, name, Object.keys(out).length + 1, generation);
    if (!entry) break;
    put(entry.key, entry.schema);
  }
  const most = typeof schema.maxProperties === 'number' ? schema.maxProperties : Number.POSITIVE_INFINITY;
  for (const key of Object.keys(out).reverse()) {
    if (Object.keys(out).length <= most) break;
    if (!required.has(key)) delete out[key];
  }
  return out;
}

/** Whether an optional property belongs in this direction's values. */
function onThisSide(property: unknown, generation: Generation): boolean {
  if (!isJsonObject(property)) return true;
  return generation.direction === 'response' ? property.writeOnly !== true : property.readOnly !== true;
}

/** The schema a named key's value must meet: its property, a matching pattern property, or the rest. */
function schemaOfKey(schema: Json, key: string, generation: Generation): JsonSchema {
  if (isJsonObject(schema.properties) && Object.hasOwn(schema.properties, key))
    return schema.properties[key] as JsonSchema;
  if (isJsonObject(schema.patternProperties)) {
    for (const [pattern, value] of Object.entries(schema.patternProperties))
      if (matchesPattern(key, pattern, generation.check)) return value as JsonSchema;
  }
  const rest = schema.additionalProperties;
  return rest === undefined || rest === false ? true : (rest as JsonSchema);
}

/** One more entry for a map or for `minProperties`: a key its names allow, and its value's schema. */
function extraEntry(
  schema: Json,
  name: string,
  n: number,
  generation: Generation,
): { key: string; schema: JsonSchema } | undefined {
  const { random } = generation;
  if (
    isJsonObject(schema.patternProperties) &&
    (schema.additionalProperties === false || random.chance(0.5))
  ) {
    const entries = Object.entries(schema.patternProperties);
    if (entries.length > 0) {
      const [pattern, value] = random.pick(entries);
      const key = patternString(pattern, random);
      if (key !== undefined && matchesPattern(key, pattern, generation.check))
        return { key, schema: value as JsonSchema };
    }
  }
  if (schema.additionalProperties === false) return undefined;
  let key = `${singular(name) || 'key'}${n}`;
  if (schema.propertyNames !== undefined) {
    const named = generation.generate(mergeString(schema.propertyNames as JsonSchema), 'key', 0);
    if (typeof named !== 'string') return undefined;
    key = named;
  }
  return { key, schema: schemaOfKey(schema, key, generation) };
}

const mergeString = (schema: JsonSchema): JsonSchema =>
  isJsonObject(schema) ? { type: 'string', ...schema } : schema;

export function singular(name: string): string {
  if (name.endsWith('ies')) return `${name.slice(0, -3)}y`;
  if (name.endsWith('ses') || name.endsWith('xes')) return name.slice(0, -2);
  return name.endsWith('s') && !name.endsWith('ss') ? name.slice(0, -1) : name;
}
