import { isJsonObject } from '../../shared/jsonObjects.js';
import type { JsonSchema } from '../toJsonSchema.js';
import { conforms, deepEqual } from './conforms.js';
import { type Generation, MAX_ITEMS, recursive, shallow } from './context.js';
import { singular } from './generateObject.js';
import { mergeSchemas } from './mergeAllOf.js';

type Json = Record<string, unknown>;

/** A property whose value identifies a record: unique among a list's items. */
export const identifies = (key: string) =>
  /^(id|uuid|guid)$|[a-z0-9]Id$|_id$|^ids?$/i.test(key) || /[a-z0-9](Ids|_ids)$/.test(key);

/**
 * An array: two or three items within `minItems`/`maxItems` (the fewest when deep), the tuple's own
 * items first, `contains` met, no repeats under `uniqueItems`, and the ids of its records unique.
 */
export function generateArray(
  schema: Json,
  name: string,
  depth: number,
  generation: Generation,
): unknown[] | undefined {
  const { random } = generation;
  const prefix = Array.isArray(schema.prefixItems) ? (schema.prefixItems as JsonSchema[]) : [];
  const rest: JsonSchema = schema.items === undefined ? true : (schema.items as JsonSchema);
  const least = typeof schema.minItems === 'number' ? schema.minItems : 0;
  let most = typeof schema.maxItems === 'number' ? schema.maxItems : Number.POSITIVE_INFINITY;
  if (rest === false) most = Math.min(most, prefix.length);
  const contains = schema.contains as JsonSchema | undefined;
  const needed = contains === undefined ? 0 : typeof schema.minContains === 'number' ? schema.minContains : 1;
  const wanted =
    shallow(generation, depth) || recursive(schema, generation)
      ? Math.max(least, needed)
      : Math.max(random.int(2, 3), prefix.length, needed);
  const length = Math.min(Math.max(least, Math.min(wanted, most)), MAX_ITEMS);
  const unique = schema.uniqueItems === true || /[a-z0-9](Ids|_ids)$|^ids$/.test(name);
  const itemName = singular(name);
  const out: unknown[] = [];
  const seen = new Map<string, unknown[]>();
  for (let i = 0; i < length; i++) {
    let item: JsonSchema = i < prefix.length ? prefix[i] : rest;
    if (i < needed && contains !== undefined) item = mergeSchemas(item, contains);
    let value: unknown;
    for (let attempt = 0; attempt < (unique ? 6 : 1); attempt++) {
      value =
        attempt === 0
          ? generation.generate(item, itemName, depth + 1)
          : withoutExamples(generation, () => generation.generate(item, itemName, depth + 1));
      if (value !== undefined) value = withUniqueIds(value, item, seen, depth, generation);
      if (!unique || !out.some((other) => deepEqual(other, value))) break;
    }
    if (value === undefined || (unique && out.some((other) => deepEqual(other, value)))) {
      if (out.length >= least) break;
      return out.length === 0 && least > 0 ? undefined : out;
    }
    out.push(value);
  }
  return out;
}

/** The item with each identifying property changed, when an earlier item of the list took its value. */
function withUniqueIds(
  value: unknown,
  item: JsonSchema,
  seen: Map<string, unknown[]>,
  depth: number,
  generation: Generation,
): unknown {
  if (!isJsonObject(value)) return value;
  const flat = generation.flat.get(item as object)?.schema;
  const properties = isJsonObject(flat) && isJsonObject(flat.properties) ? flat.properties : {};
  for (const [key, id] of Object.entries(value)) {
    const property = properties[key] as JsonSchema | undefined;
    const idLike = identifies(key) || (isJsonObject(property) && property.format === 'uuid');
    if (!idLike || property === undefined || (typeof id !== 'string' && typeof id !== 'number')) continue;
    const taken = seen.get(key) ?? [];
    seen.set(key, taken);
    const fresh = taken.some((other) => deepEqual(other, id))
      ? uniqueValue(property, key, taken, depth, generation)
      : id;
    (value as Json)[key] = fresh;
    taken.push(fresh);
  }
  return value;
}

/** A value of the schema that none of `taken` equals: drawn again, else the next integer, else the last drawn. */
export function uniqueValue(
  schema: JsonSchema,
  name: string,
  taken: readonly unknown[],
  depth: number,
  generation: Generation,
): unknown {
  return withoutExamples(generation, () => {
    let value: unknown;
    for (let attempt = 0; attempt < 12; attempt++) {
      value = generation.generate(schema, name, depth + 1);
      if (!taken.some((other) => deepEqual(other, value))) return value;
    }
    if (typeof value === 'number' && Number.isInteger(value)) {
      const next = Math.max(value, ...taken.filter((t): t is number => typeof t === 'number')) + 1;
      if (conforms(next, schema, generation.check)) return next;
    }
    return value;
  });
}

/** The document's examples are one value: a list of distinct values is drawn without them. */
function withoutExamples<T>(generation: Generation, draw: () => T): T {
  const examples = generation.examples;
  generation.examples = false;
  try {
    return draw();
  } finally {
    generation.examples = examples;
  }
}
