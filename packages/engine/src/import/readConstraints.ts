import type { PropertyType } from '@sandbox/contracts';
import { compileTenantPattern } from '../shared/tenantPattern.js';
import type { ImportWarnings } from './importWarnings.js';
import { childPointer } from './pointer.js';
import { isObject, type Json } from './resolveRef.js';

// Reading one schema object by itself, without following references: its type and its constraints.

const KNOWN_TYPES = new Set<string>(['string', 'number', 'integer', 'boolean', 'null', 'object', 'array']);

// Keywords the catalog's form fields cannot show: the declared schema keeps them as written.
const UNSHOWN_KEYWORDS = [
  'not',
  'if',
  'then',
  'else',
  'multipleOf',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'uniqueItems',
  'contains',
  'minContains',
  'maxContains',
  'prefixItems',
  'additionalItems',
  'unevaluatedItems',
  'minProperties',
  'maxProperties',
  'patternProperties',
  'propertyNames',
  'dependentRequired',
  'dependentSchemas',
  'unevaluatedProperties',
  'discriminator',
];

export interface Constraints {
  description?: string;
  format?: string;
  enumValues?: unknown[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  defaultValue?: string;
  example?: unknown;
}

/** `type: string`, or the first non-null type of a 3.1 list; Swagger's `file` is a string. */
export function declaredType(schema: Json): PropertyType | null {
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const named = types.filter((type): type is string => typeof type === 'string').map(toKnownType);
  return (
    named.find((type) => type !== null && type !== 'null') ?? named.find((type) => type !== null) ?? null
  );
}

function toKnownType(type: string): PropertyType | null {
  if (type === 'file') return 'string';
  return KNOWN_TYPES.has(type) ? (type as PropertyType) : null;
}

/** The declared type, else what the keywords imply; an untyped, unconstrained schema is `fallback`. */
export function impliedType(schema: Json, fallback: PropertyType): PropertyType {
  const declared = declaredType(schema);
  if (declared) return declared;
  if (['properties', 'additionalProperties', 'allOf', 'oneOf', 'anyOf'].some((key) => key in schema)) {
    return 'object';
  }
  if ('items' in schema) return 'array';
  const sample = Array.isArray(schema.enum) ? schema.enum[0] : schema.const;
  if (typeof sample === 'string') return 'string';
  if (typeof sample === 'boolean') return 'boolean';
  if (typeof sample === 'number') return Number.isInteger(sample) ? 'integer' : 'number';
  return fallback;
}

export function isNullable(schema: Json): boolean {
  return (
    schema.nullable === true ||
    schema['x-nullable'] === true ||
    (Array.isArray(schema.type) && schema.type.includes('null') && declaredType(schema) !== 'null')
  );
}

export function isNullSchema(schema: unknown): boolean {
  if (!isObject(schema)) return false;
  if (schema.type === 'null') return true;
  return Array.isArray(schema.type) && schema.type.length === 1 && schema.type[0] === 'null';
}

/**
 * `anyOf: [X, {type: 'null'}]` is how 3.1 (and our export) says "X or null": read it as X, nullable.
 * Returns the schema unchanged when it is not that pattern.
 */
export function collapseNullable(schema: Json): { schema: Json; nullable: boolean } {
  for (const kind of ['oneOf', 'anyOf'] as const) {
    const alternatives = schema[kind];
    if (!Array.isArray(alternatives) || !alternatives.some(isNullSchema)) continue;
    const others = alternatives.filter((alternative) => !isNullSchema(alternative));
    const [only] = others;
    if (others.length !== 1 || !isObject(only)) continue;
    const { [kind]: _dropped, ...siblings } = schema;
    return { schema: { ...only, ...siblings }, nullable: true };
  }
  return { schema, nullable: isNullable(schema) };
}

// What may be written beside a reference without changing what it accepts.
const ANNOTATIONS = new Set(['description', 'title', 'example', 'examples', 'default', 'deprecated']);

/**
 * `$ref`, or `allOf: [{$ref}]` alone, or beside parts that only annotate it (`allOf: [{$ref},
 * {description}]`, as every Amazon document writes): the usual ways of describing a reference.
 */
export function refOf(schema: Json): unknown {
  if ('$ref' in schema) return schema.$ref;
  const parts = schema.allOf;
  if (!Array.isArray(parts) || 'properties' in schema || 'oneOf' in schema || 'anyOf' in schema) {
    return undefined;
  }
  const refs = parts.filter((part) => isObject(part) && '$ref' in part);
  const annotating = parts.every((part) => refs.includes(part) || isAnnotation(part));
  return refs.length === 1 && annotating ? (refs[0] as Json).$ref : undefined;
}

/** The annotations of `allOf` parts beside a reference, on the referring schema itself. */
export function withAnnotations(schema: Json): Json {
  if (!Array.isArray(schema.allOf)) return schema;
  const annotations = schema.allOf.filter(isAnnotation);
  return annotations.length === 0 ? schema : Object.assign({}, ...annotations, schema);
}

function isAnnotation(part: unknown): boolean {
  return isObject(part) && Object.keys(part).every((key) => ANNOTATIONS.has(key) || key.startsWith('x-'));
}

/**
 * Where a schema is, to check its `pattern` and name what the catalog cannot show; a reader given no
 * place leaves the pattern out and warns of nothing.
 */
export interface PatternPlace {
  pointer: string;
  warnings: ImportWarnings;
}

export function readConstraints(schema: Json, type: PropertyType, place?: PatternPlace): Constraints {
  const found: Constraints = {};
  if (typeof schema.description === 'string') found.description = schema.description;
  if (typeof schema.format === 'string') found.format = schema.format;
  if (Array.isArray(schema.enum)) found.enumValues = [...schema.enum];
  else if ('const' in schema) found.enumValues = [schema.const];
  const minLength = type === 'array' ? schema.minItems : schema.minLength;
  const maxLength = type === 'array' ? schema.maxItems : schema.maxLength;
  if (isCount(minLength)) found.minLength = minLength;
  if (isCount(maxLength)) found.maxLength = maxLength;
  if (typeof schema.minimum === 'number') found.minimum = schema.minimum;
  if (typeof schema.maximum === 'number') found.maximum = schema.maximum;
  if (typeof schema.pattern === 'string' && place) {
    const pattern = readPattern(schema.pattern, place);
    if (pattern !== undefined) found.pattern = pattern;
  }
  if (place) warnUnshownKeywords(schema, place);
  if ('default' in schema) found.defaultValue = encodeDefault(schema.default);
  const example = firstExample(schema);
  if (example !== undefined) found.example = example;
  return found;
}

/** A pattern the sandbox cannot run in linear time is left out, with a warning: never run otherwise. */
function readPattern(pattern: string, { pointer, warnings }: PatternPlace): string | undefined {
  const compiled = compileTenantPattern(pattern);
  if ('pattern' in compiled) return pattern;
  const shown = pattern.length > 80 ? `${pattern.slice(0, 80)}…` : pattern;
  warnings.add(childPointer(pointer, 'pattern'), `The pattern ${shown} is not enforced: ${compiled.refusal}`);
  return undefined;
}

/** One warning per schema naming what its form fields leave out; `additionalProperties: true` is the default. */
function warnUnshownKeywords(schema: Json, { pointer, warnings }: PatternPlace): void {
  const unshown = UNSHOWN_KEYWORDS.filter((keyword) => keyword in schema);
  const extra = schema.additionalProperties;
  if (extra !== undefined && extra !== true && !(isObject(extra) && Object.keys(extra).length === 0)) {
    unshown.push('additionalProperties');
  }
  if (unshown.length === 0) return;
  warnings.addMinor(pointer, `Kept as declared but not shown in the schema editor: ${unshown.join(', ')}`);
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

/** The model keeps defaults as text: strings as they are, anything else as JSON. */
export function encodeDefault(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** 3.0 `example`, or the first of 3.1's `examples` list. */
export function firstExample(schema: Json): unknown {
  if ('example' in schema) return schema.example;
  if (Array.isArray(schema.examples)) return schema.examples[0];
  return undefined;
}
