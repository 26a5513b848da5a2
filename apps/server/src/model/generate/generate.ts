import { isJsonObject } from '../../sandbox/jsonObjects.js';
import type { JsonSchema } from '../toJsonSchema.js';
import { checking, conforms, type Resolve, resolveRef } from './conforms.js';
import { DEEP, type Flat, type Generation, MAX_DEPTH, MAX_VALUES, SHALLOW, shallow } from './context.js';
import { generateArray, uniqueValue } from './generateArray.js';
import { generateNumber } from './generateNumber.js';
import { generateObject } from './generateObject.js';
import { generateString } from './generateString.js';
import { mergeSchemas, partOf } from './mergeAllOf.js';
import { Random } from './random.js';

// One value that validates against a JSON Schema 2020-12 (the model's form of a document's schema),
// reading like real data: the generator behind the sandbox's answers.

type Json = Record<string, unknown>;

export interface GenerateOptions {
  /** The property or parameter the value is for: it chooses realistic values ("email", "city"). */
  name?: string;
  /**
   * A named schema of the document, by its name as written (`#/components/schemas/<name>`). Pass the
   * same function for one version of an API's schemas, and a new one when they change: work on the
   * schemas is kept per function.
   */
  resolve: Resolve;
  /** The same seed, the same value; without one, a fresh value each time. */
  seed?: number;
  /** `response` (the default) writes `readOnly` properties and leaves `writeOnly` out; `request` the reverse. */
  direction?: 'response' | 'request';
}

/** Where seeded dates sit, so the same seed gives the same date on any day. */
const SEEDED_NOW = Date.UTC(2025, 5, 1);
/** Whole values drawn again, examples off, when one misses its schema (a `not`, an exclusive `oneOf`). */
const ATTEMPTS = 4;

export function generateValue(schema: JsonSchema, options: GenerateOptions): unknown {
  const generation = startGeneration(options);
  const name = options.name ?? '';
  let best: unknown;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    generation.left = MAX_VALUES;
    const value = generation.generate(schema, name, 0);
    if (value !== undefined && conforms(value, schema, checking(options.resolve))) return value;
    best ??= value;
    generation.examples = false;
  }
  return best === undefined ? null : best;
}

/**
 * A value for one item of a list that no value of `taken` equals: a record's id when the list's
 * earlier records hold theirs (`taken`), or a new record's.
 */
export function generateUniqueValue(
  schema: JsonSchema,
  taken: readonly unknown[],
  options: GenerateOptions,
): unknown {
  const generation = startGeneration(options);
  const value = uniqueValue(schema, options.name ?? 'id', taken, 0, generation);
  return value === undefined ? null : value;
}

/**
 * Flattened schemas are kept per `resolve` function: a caller that passes the same function for one
 * version of an API's model (as the sandbox does per deployed API) pays for flattening once.
 */
const flattened = new WeakMap<Resolve, WeakMap<object, Flat>>();

function flattenedFor(resolve: Resolve): WeakMap<object, Flat> {
  let cache = flattened.get(resolve);
  if (!cache) {
    cache = new WeakMap();
    flattened.set(resolve, cache);
  }
  return cache;
}

function startGeneration(options: GenerateOptions): Generation {
  const generation: Generation = {
    resolve: options.resolve,
    random: new Random(options.seed),
    clock: { now: options.seed === undefined ? Date.now() : SEEDED_NOW },
    direction: options.direction ?? 'response',
    left: MAX_VALUES,
    examples: true,
    check: checking(options.resolve),
    following: new Map(),
    flat: flattenedFor(options.resolve),
    generate: (schema, name, depth) => generate(schema, name, depth, generation),
  };
  return generation;
}

function generate(schema: JsonSchema, name: string, depth: number, generation: Generation): unknown {
  if (depth > MAX_DEPTH || generation.left < -MAX_VALUES) return undefined;
  generation.left--;
  const { schema: s, named } = flatten(schema, generation);
  if (s === false) return undefined;
  if (named === undefined) return generateFlat(s, named, name, depth, generation);
  const { following } = generation;
  following.set(named, (following.get(named) ?? 0) + 1);
  try {
    return generateFlat(s, named, name, depth, generation);
  } finally {
    following.set(named, (following.get(named) ?? 1) - 1);
  }
}

function generateFlat(
  s: Json,
  named: string | undefined,
  name: string,
  depth: number,
  generation: Generation,
): unknown {
  if (generation.examples) {
    for (const example of examplesOf(s))
      if (conforms(example, s, generation.check)) return structuredClone(example);
  }
  if ('const' in s) return structuredClone(s.const);
  if (Array.isArray(s.enum)) {
    const fitting = s.enum.filter((member) => conforms(member, s, generation.check));
    return structuredClone(fitting.length > 0 ? generation.random.pick(fitting) : s.enum[0]);
  }
  for (const keyword of ['oneOf', 'anyOf'] as const)
    if (Array.isArray(s[keyword]) && s[keyword].length > 0)
      return alternative(s, keyword, name, depth, generation);
  if (s.if !== undefined) return conditional(s, name, depth, generation);
  const tagged = withDiscriminatorTag(s, named, generation);
  let value: unknown;
  for (let attempt = 0; attempt < (s.not === undefined ? 1 : 4); attempt++) {
    value = byType(tagged, name, depth, generation);
    if (s.not === undefined || !conforms(value, s.not as JsonSchema, generation.check)) return value;
  }
  return value;
}

/** The document's own values for a schema, best first: examples, example, default. */
function examplesOf(s: Json): unknown[] {
  const out: unknown[] = [];
  if (Array.isArray(s.examples)) out.push(...s.examples);
  if ('example' in s) out.push(s.example);
  if ('default' in s) out.push(s.default);
  return out;
}

/** Follows `$ref` and merges `allOf` (bounded: a cycle of references stops merging). */
function flatten(schema: JsonSchema, generation: Generation): Flat {
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
      if (step === 0) named = own.$ref.slice(own.$ref.lastIndexOf('/') + 1);
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

/**
 * A value matching one alternative (exactly one, for `oneOf`), tried in a random order. With a
 * discriminator, its property names the alternative: the mapping's name for it, else its schema's.
 */
function alternative(
  s: Json,
  keyword: 'oneOf' | 'anyOf',
  name: string,
  depth: number,
  generation: Generation,
): unknown {
  const alternatives = s[keyword] as JsonSchema[];
  const base: Json = { ...s };
  delete base[keyword];
  let fallback: unknown;
  // past SHALLOW, objects lose their optional properties and may match every alternative: a second
  // pass writes them in full, while the answer's budget lasts
  const passes = depth >= SHALLOW ? [depth, SHALLOW - 1] : [depth];
  for (const at of passes) {
    if (at !== depth && generation.left <= 0) break;
    for (const index of ordered(alternatives, at, generation)) {
      const chosen = alternatives[index];
      let schema = mergeSchemas(base, chosen);
      const tag = discriminatorTag(s, chosen);
      if (tag !== undefined && isJsonObject(schema) && admits(chosen, tag, generation))
        schema = withProperty(schema, tag.property, tag.value);
      const value = generate(schema, name, at + 1, generation);
      if (value === undefined) continue;
      fallback ??= value;
      if (!conforms(value, chosen, generation.check)) continue;
      if (
        keyword === 'oneOf' &&
        alternatives.some((other, i) => i !== index && conforms(value, other, generation.check))
      )
        continue;
      return value;
    }
  }
  return fallback;
}

/** Alternatives in a random order, `null` last (a nullable reference answers its schema), first when deep. */
function ordered(alternatives: JsonSchema[], depth: number, generation: Generation): number[] {
  const isNull = (i: number) => {
    const alternative = alternatives[i];
    return isJsonObject(alternative) && alternative.type === 'null' && Object.keys(alternative).length === 1;
  };
  const order = generation.random.shuffled(alternatives.map((_, i) => i));
  const nulls = order.filter(isNull);
  const others = order.filter((i) => !isNull(i));
  return depth >= DEEP ? [...nulls, ...others] : [...others, ...nulls];
}

function discriminatorTag(s: Json, chosen: JsonSchema): { property: string; value: string } | undefined {
  const discriminator = s.discriminator;
  if (!isJsonObject(discriminator) || typeof discriminator.propertyName !== 'string') return undefined;
  if (!isJsonObject(chosen) || typeof chosen.$ref !== 'string') return undefined;
  const ref = chosen.$ref;
  const schemaName = ref.slice(ref.lastIndexOf('/') + 1);
  const mapping = isJsonObject(discriminator.mapping) ? discriminator.mapping : {};
  const mapped = Object.entries(mapping).find(([, target]) => target === ref || target === schemaName)?.[0];
  return { property: discriminator.propertyName, value: mapped ?? schemaName };
}

/** Whether the alternative's own discriminator property admits the tag (an enum may spell it otherwise). */
function admits(
  chosen: JsonSchema,
  tag: { property: string; value: string },
  generation: Generation,
): boolean {
  const flat = flatten(chosen, generation).schema;
  const property =
    isJsonObject(flat) && isJsonObject(flat.properties) ? flat.properties[tag.property] : undefined;
  return property === undefined || conforms(tag.value, property as JsonSchema, generation.check);
}

/** A schema reached by name whose ancestor declares a discriminator (allOf inheritance) names itself. */
function withDiscriminatorTag(s: Json, named: string | undefined, generation: Generation): Json {
  if (named === undefined || !isJsonObject(s.discriminator)) return s;
  const tag = discriminatorTag(s, { $ref: `#/components/schemas/${named}` });
  if (tag === undefined) return s;
  const property = isJsonObject(s.properties) ? s.properties[tag.property] : undefined;
  if (property !== undefined && !conforms(tag.value, property as JsonSchema, generation.check)) return s;
  return withProperty(s, tag.property, tag.value);
}

function withProperty(s: Json, property: string, value: string): Json {
  const properties = isJsonObject(s.properties) ? s.properties : {};
  const required = Array.isArray(s.required) ? s.required : [];
  return {
    ...s,
    properties: { ...properties, [property]: { const: value } },
    required: required.includes(property) ? required : [...required, property],
  };
}

/** `if`/`then`/`else`: a value meeting `if` and `then`, else one failing `if` and meeting `else`. */
function conditional(s: Json, name: string, depth: number, generation: Generation): unknown {
  const base: Json = { ...s };
  for (const key of ['if', 'then', 'else']) delete base[key];
  const condition = s.if as JsonSchema;
  const yes = mergeSchemas(mergeSchemas(base, condition), (s.then as JsonSchema) ?? true);
  const value = generate(yes, name, depth + 1, generation);
  if (value !== undefined && conforms(value, condition, generation.check)) return value;
  const no = generate(mergeSchemas(base, (s.else as JsonSchema) ?? true), name, depth + 1, generation);
  return no !== undefined ? no : value;
}

const NUMBER_WORDS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'];
const STRING_WORDS = ['minLength', 'maxLength', 'pattern', 'format'];
const ARRAY_WORDS = ['items', 'prefixItems', 'contains', 'minItems', 'maxItems', 'uniqueItems'];
const OBJECT_WORDS = [
  'properties',
  'required',
  'additionalProperties',
  'patternProperties',
  'minProperties',
  'maxProperties',
  'propertyNames',
  'dependentRequired',
];

/** The type to write: one the schema allows and its `not` does not refuse; null only when deep. */
function typeOf(s: Json, depth: number): string {
  const has = (words: string[]) => words.some((word) => s[word] !== undefined);
  let types: string[];
  if (typeof s.type === 'string') types = [s.type];
  else if (Array.isArray(s.type)) types = s.type.filter((t): t is string => typeof t === 'string');
  else if (has(OBJECT_WORDS)) types = ['object'];
  else if (has(ARRAY_WORDS)) types = ['array'];
  else if (s.format === 'int32' || s.format === 'int64') types = ['integer'];
  else if (has(NUMBER_WORDS) && !has(STRING_WORDS)) types = ['number'];
  else types = ['string'];
  const refused = isJsonObject(s.not) ? s.not.type : undefined;
  const allowed = types.filter((t) => !(refused === t || (Array.isArray(refused) && refused.includes(t))));
  const candidates = allowed.length > 0 ? allowed : types;
  if (candidates.includes('null') && depth >= DEEP) return 'null';
  return candidates.find((t) => t !== 'null') ?? candidates[0] ?? 'null';
}

function byType(s: Json, name: string, depth: number, generation: Generation): unknown {
  const type = typeOf(s, depth);
  switch (type) {
    case 'null':
      return null;
    case 'boolean':
      return generation.random.chance(0.5);
    case 'integer':
    case 'number':
      return generateNumber(s, name, type === 'integer', generation);
    case 'string':
      return generateString(s, name, generation);
    case 'array':
      return generateArray(s, name, depth, generation);
    case 'object':
      if (shallow(generation, depth) && Array.isArray(s.type) && s.type.includes('null') && depth >= DEEP)
        return null;
      return generateObject(s, name, depth, generation);
    default:
      return undefined;
  }
}
