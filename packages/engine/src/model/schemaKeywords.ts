// The keywords of JSON Schema (and OpenAPI's dialects of it) whose values are schemas: what every walk
// over a document's schemas descends into. Every other keyword is data (default, enum, const, example).

/** Keywords whose value is one schema. `items` is apart: a tuple writes it as a list. */
export const SUBSCHEMA_KEYWORDS: ReadonlySet<string> = new Set([
  'additionalProperties',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'unevaluatedItems',
  'unevaluatedProperties',
  'contentSchema',
]);

/** Keywords whose value is a list of schemas. */
export const SUBSCHEMA_LISTS: ReadonlySet<string> = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);

/** Keywords whose value maps names to schemas. */
export const SUBSCHEMA_MAPS: ReadonlySet<string> = new Set([
  'properties',
  'patternProperties',
  'dependentSchemas',
  '$defs',
  'definitions',
]);
