import { isJsonObject } from '../../shared/jsonObjects.js';
import type { JsonSchema } from '../toJsonSchema.js';
import { nameOfTarget, type Resolve, resolveRef } from './conforms.js';
import type { Flat, Generation } from './context.js';
import { mergeSchemas, partOf } from './mergeAllOf.js';

type Json = Record<string, unknown>;

/**
 * Flattened schemas are kept per `resolve` function: a caller that passes the same function for one
 * version of an API's model (as the sandbox does per deployed API) pays for flattening once.
 */
const flattened = new WeakMap<Resolve, WeakMap<object, Flat>>();

export function flattenedFor(resolve: Resolve): WeakMap<object, Flat> {
  let cache = flattened.get(resolve);
  if (!cache) {
    cache = new WeakMap();
    flattened.set(resolve, cache);
  }
  return cache;
}

/** Follows `$ref` and merges `allOf` (bounded: a cycle of references stops merging). */
export function flatten(schema: JsonSchema, generation: Generation): Flat {
  if (typeof schema === 'boolean') return { schema: schema ? {} : false };
  const cached = generation.flat.get(schema);
  if (cached) return cached;
  let merged: JsonSchema = true;
  let named: string | undefined;
  const queue: JsonSchema[] = [schema];
  const checked: JsonSchema[] = [];
  for (let step = 0; queue.length > 0 && step < 64; step++) {
    const part = queue.shift() as JsonSchema;
    if (typeof part === 'boolean') {
      merged = mergeSchemas(merged, part);
      continue;
    }
    const own: Json = { ...part };
    if (typeof own.$ref === 'string') {
      const target = resolveRef(own.$ref, generation.resolve);
      if (step === 0) named = nameOfTarget(own.$ref);
      if (target !== undefined) queue.push(target);
      delete own.$ref;
    }
    if (Array.isArray(own.allOf)) {
      queue.push(...(own.allOf as JsonSchema[]));
      delete own.allOf;
    }
    if (isJsonObject(merged)) {
      // a second `oneOf` (or `not`, `if`) beside the first is checked on the value, not generated from
      for (const key of ['oneOf', 'anyOf', 'not', 'if'])
        if (merged[key] !== undefined && own[key] !== undefined) {
          checked.push(partOf(own, key));
          for (const keyword of Object.keys(partOf(own, key))) delete own[keyword];
        }
    }
    merged = mergeSchemas(merged, own);
  }
  if (isJsonObject(merged) && checked.length > 0) merged = { ...merged, allOf: checked };
  const flat: Flat = { schema: merged === true ? {} : merged, named };
  generation.flat.set(schema, flat);
  return flat;
}
