import { isJsonObject } from '../../shared/jsonObjects.js';
import type { JsonSchema } from '../toJsonSchema.js';
import { alternative, conditional, withDiscriminatorTag } from './compositions.js';
import { checking, conforms, type Resolve } from './conforms.js';
import { DEEP, type Generation, MAX_DEPTH, MAX_VALUES, shallow } from './context.js';
import { flatten, flattenedFor } from './flatten.js';
import { generateArray, uniqueValue } from './generateArray.js';
import { generateNumber } from './generateNumber.js';
import { generateObject } from './generateObject.js';
import { generateString } from './generateString.js';
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
  /**
   * A schema elsewhere in the document, by its local reference (`#/paths/~1keys/get/...`), for the
   * references that do not name a component; without it they are taken as any value.
   */
  resolvePointer?: (ref: string) => JsonSchema | undefined;
  /** The same seed, the same value; without one, a fresh value each time. */
  seed?: number;
  /** `response` (the default) writes `readOnly` properties and leaves `writeOnly` out; `request` the reverse. */
  direction?: 'response' | 'request';
  /** false: the document's examples and defaults are not used, so values drawn again differ. */
  examples?: boolean;
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
    generation.check = checking(generation.resolve);
    const value = generation.generate(schema, name, 0);
    if (value !== undefined && conforms(value, schema, checking(generation.resolve))) return value;
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

/** One resolver for names and pointers, the same function for the same pair (flattening is kept per resolver). */
const resolvers = new WeakMap<Resolve, { pointer: GenerateOptions['resolvePointer']; both: Resolve }>();

function resolverOf(options: GenerateOptions): Resolve {
  const { resolve, resolvePointer } = options;
  if (!resolvePointer) return resolve;
  const known = resolvers.get(resolve);
  if (known?.pointer === resolvePointer) return known.both;
  const both: Resolve = (key) => (key.startsWith('#/') ? resolvePointer(key) : resolve(key));
  resolvers.set(resolve, { pointer: resolvePointer, both });
  return both;
}

function startGeneration(options: GenerateOptions): Generation {
  const resolve = resolverOf(options);
  const generation: Generation = {
    resolve,
    random: new Random(options.seed),
    clock: { now: options.seed === undefined ? Date.now() : SEEDED_NOW },
    direction: options.direction ?? 'response',
    left: MAX_VALUES,
    examples: options.examples ?? true,
    check: checking(resolve),
    following: new Map(),
    flat: flattenedFor(resolve),
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
    for (const example of examplesOf(s)) if (conforms(example, s, generation.check)) return copyOf(example);
  }
  if ('const' in s) return copyOf(s.const);
  if (Array.isArray(s.enum)) {
    const fitting = s.enum.filter((member) => conforms(member, s, generation.check));
    return copyOf(fitting.length > 0 ? generation.random.pick(fitting) : s.enum[0]);
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

/** The document's own value, copied when a caller could change it in place. */
const copyOf = (value: unknown) =>
  typeof value === 'object' && value !== null ? structuredClone(value) : value;
