import { schemaRef } from '@sandbox/contracts';
import { isJsonObject } from '../../shared/jsonObjects.js';
import type { JsonSchema } from '../toJsonSchema.js';
import { conforms, nameOfTarget } from './conforms.js';
import { DEEP, type Generation, SHALLOW } from './context.js';
import { flatten } from './flatten.js';
import { mergeSchemas } from './mergeAllOf.js';

// The compositions that choose: `oneOf`/`anyOf` (with a discriminator naming the choice) and
// `if`/`then`/`else`.

type Json = Record<string, unknown>;

/**
 * A value matching one alternative (exactly one, for `oneOf`), tried in a random order. With a
 * discriminator, its property names the alternative: the mapping's name for it, else its schema's.
 */
export function alternative(
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
      const value = generation.generate(schema, name, at + 1);
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
  const schemaName = nameOfTarget(ref);
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
export function withDiscriminatorTag(s: Json, named: string | undefined, generation: Generation): Json {
  if (named === undefined || !isJsonObject(s.discriminator)) return s;
  const tag = discriminatorTag(s, { $ref: schemaRef(named) });
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
export function conditional(s: Json, name: string, depth: number, generation: Generation): unknown {
  const base: Json = { ...s };
  for (const key of ['if', 'then', 'else']) delete base[key];
  const condition = s.if as JsonSchema;
  const yes = mergeSchemas(mergeSchemas(base, condition), (s.then as JsonSchema) ?? true);
  const value = generation.generate(yes, name, depth + 1);
  if (value !== undefined && conforms(value, condition, generation.check)) return value;
  const no = generation.generate(mergeSchemas(base, (s.else as JsonSchema) ?? true), name, depth + 1);
  return no !== undefined ? no : value;
}
