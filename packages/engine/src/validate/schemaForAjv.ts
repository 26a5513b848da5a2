import { schemaNameOfRef } from '@sandbox/contracts';
import { isJsonObject } from '../shared/jsonObjects.js';
import { REGISTRY } from './sandboxAjv.js';

// A model's schema (2020-12) as the sandbox's Ajv reads it: a copy, with each reference pointing
// into the instance's registry of named schemas and the tenant's own identifiers dropped.

type Schema = Record<string, unknown> | boolean;

/**
 * How the validator reads schemas. `prism`: as Stoplight Prism's reading of a document has them
 * (http-spec's schema transformer): `format: byte` also carries the pattern of base64's characters,
 * so a value outside them breaks both; and what breaks them is every error Ajv gives, as Prism lists it.
 */
export interface ValidatorReading {
  prism?: boolean;
}

/** The pattern Prism writes on every `format: byte` schema, in place of any the document gives. */
const PRISM_BYTE_PATTERN = '^[\\w\\d+\\/=]*$';

/** Schemas are the tenant's: identifiers of their own would clash across an API's schemas. */
const IDENTIFIERS = ['$id', '$schema', '$anchor', '$dynamicAnchor'];

/**
 * Each `$ref` as the registry's address, or undefined for a reference the import could not follow
 * (another file, a place that is not there): it was named in the import's warnings and accepts
 * anything, since left in it would keep Ajv from compiling the whole schema.
 */
export type RefTo = (ref: string) => string | undefined;

/** A copy of the schema for Ajv; the schema itself is left as it is. */
export function schemaForAjv(schema: unknown, refTo: RefTo, reading: ValidatorReading = {}): Schema {
  return copy(schema, 0, refTo, reading) as Schema;
}

function copy(schema: unknown, depth: number, refTo: RefTo, reading: ValidatorReading): unknown {
  if (Array.isArray(schema)) return schema.map((item) => copy(item, depth + 1, refTo, reading));
  if (!isJsonObject(schema) || depth > 512) return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (IDENTIFIERS.includes(key) && typeof value === 'string') continue;
    if (key === '$ref' && typeof value === 'string') {
      const ref = refTo(value);
      if (ref !== undefined) out.$ref = ref;
      continue;
    }
    out[key] = typeof value === 'object' ? copy(value, depth + 1, refTo, reading) : value;
  }
  if (reading.prism && out.format === 'byte') out.pattern = PRISM_BYTE_PATTERN;
  dispatchByDiscriminator(out);
  return out;
}

/** JSON Schema's `if`/`then` (a schema, not a promise: its keyword is named apart). */
const conditional = (condition: unknown, consequence: unknown) =>
  Object.fromEntries([
    ['if', condition],
    ['then', consequence],
  ]);

const taggedAs = (property: string, tags: string[]) => ({
  required: [property],
  properties: { [property]: { enum: tags } },
});

/**
 * OpenAPI's discriminator picks the one alternative a value must match by its tag (the mapping's
 * name, else the schema's): `oneOf: [Cat, Dog]` becomes alternatives that each require their tag, so
 * a cat that would also pass as a dog is a cat. A value whose tag names none of them (a document
 * whose tags are not its schemas' names) is held to the alternatives as JSON Schema reads them.
 */
function dispatchByDiscriminator(schema: Record<string, unknown>): void {
  const { discriminator } = schema;
  if (!isJsonObject(discriminator) || typeof discriminator.propertyName !== 'string') return;
  const property = discriminator.propertyName;
  const keyword = Array.isArray(schema.oneOf) ? 'oneOf' : Array.isArray(schema.anyOf) ? 'anyOf' : undefined;
  if (!keyword) return;
  const mapping = isJsonObject(discriminator.mapping) ? discriminator.mapping : {};
  const tagsOf = new Map<string, string[]>();
  for (const [tag, target] of Object.entries(mapping)) {
    if (typeof target !== 'string') continue;
    const name = schemaNameOfRef(target) ?? target;
    tagsOf.set(name, [...(tagsOf.get(name) ?? []), tag]);
  }
  const alternatives = schema[keyword] as unknown[];
  const known: string[] = [];
  // if the tag names this alternative, then the value is one: its own problems are named
  const dispatched = alternatives.flatMap((alternative) => {
    const ref = isJsonObject(alternative) ? alternative.$ref : undefined;
    if (typeof ref !== 'string' || !ref.startsWith(REGISTRY)) return [];
    const name = decodeURIComponent(ref.slice(REGISTRY.length));
    const tags = tagsOf.get(name) ?? [name];
    known.push(...tags);
    return [conditional(taggedAs(property, tags), alternative)];
  });
  if (dispatched.length === 0) return;
  const untagged = conditional({ not: taggedAs(property, known) }, { [keyword]: alternatives });
  delete schema[keyword];
  schema.allOf = [...(Array.isArray(schema.allOf) ? schema.allOf : []), ...dispatched, untagged];
}
