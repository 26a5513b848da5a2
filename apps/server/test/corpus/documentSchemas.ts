// The harness's own reading of a document's schemas, independent of the product: Ajv (2020-12 for
// OpenAPI 3.1), OpenAPI 3.0 and Swagger 2.0 schemas converted by @openapi-contrib/openapi-schema-to-json-schema.
// Two views: what a client sends (readOnly properties left out) and what a server answers (writeOnly
// ones left out), as OpenAPI says.

import { fromSchema } from '@openapi-contrib/openapi-schema-to-json-schema';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { type CorpusDocument, discriminatorValues, type Json, type SchemaAt } from './corpusDocuments.js';

export type Side = 'request' | 'response';

export interface SchemaCheck {
  /** The problems of `value` against the schema, in Ajv's words; empty when it validates. */
  check(side: Side, at: SchemaAt, value: unknown): string[];
  /** Ajv's own errors for `value` (none when it validates or the schema cannot be compiled). */
  errors(side: Side, at: SchemaAt, value: unknown): ErrorObject[];
}

const SCHEMA_ROOTS_3 = [
  ['components', 'schemas', '*'],
  ['components', 'parameters', '*', 'schema'],
  ['components', 'parameters', '*', 'content', '*', 'schema'],
  ['components', 'headers', '*', 'schema'],
  ['components', 'requestBodies', '*', 'content', '*', 'schema'],
  ['components', 'responses', '*', 'content', '*', 'schema'],
  ['components', 'responses', '*', 'headers', '*', 'schema'],
  ['paths', '*', 'parameters', '*', 'schema'],
  ['paths', '*', '*', 'parameters', '*', 'schema'],
  ['paths', '*', '*', 'parameters', '*', 'content', '*', 'schema'],
  ['paths', '*', '*', 'requestBody', 'content', '*', 'schema'],
  ['paths', '*', '*', 'responses', '*', 'content', '*', 'schema'],
  ['paths', '*', '*', 'responses', '*', 'headers', '*', 'schema'],
];

const SCHEMA_ROOTS_2 = [
  ['definitions', '*'],
  ['parameters', '*', 'schema'],
  ['responses', '*', 'schema'],
  ['paths', '*', '*', 'parameters', '*', 'schema'],
  ['paths', '*', '*', 'responses', '*', 'schema'],
];

/** Calls `visit` on every schema found at the given shapes of path; `*` is any key or index. */
function eachRoot(doc: Json, roots: string[][], visit: (holder: Json, key: string) => void) {
  const walk = (node: Json, rest: string[]) => {
    if (!node || typeof node !== 'object') return;
    const [head, ...tail] = rest;
    const keys = head === '*' ? Object.keys(node) : [head];
    for (const key of keys) {
      if (!(key in node)) continue;
      if (tail.length === 0) visit(node, key);
      else walk(node[key], tail);
    }
  };
  for (const root of roots) walk(doc, root);
}

/**
 * Drops from every `required` the properties marked `flag` (a client does not send readOnly ones, a
 * server does not answer writeOnly ones). The property itself stays: other schemas may point into it.
 */
function withoutMarked(schema: Json, flag: 'readOnly' | 'writeOnly', seen = new Set<Json>()): Json {
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return schema;
  seen.add(schema);
  if (Array.isArray(schema)) {
    for (const item of schema) withoutMarked(item, flag, seen);
    return schema;
  }
  if (schema.properties && typeof schema.properties === 'object') {
    for (const [name, property] of Object.entries<Json>(schema.properties)) {
      if (property && property[flag] === true && Array.isArray(schema.required))
        schema.required = schema.required.filter((r: string) => r !== name);
    }
    if (Array.isArray(schema.required) && schema.required.length === 0) delete schema.required;
  }
  for (const [key, value] of Object.entries(schema)) {
    if (key !== 'example' && key !== 'examples' && key !== 'enum' && key !== 'const' && key !== 'default')
      withoutMarked(value, flag, seen);
  }
  return schema;
}

/** Draft-4 forms the converter keeps (boolean exclusive bounds, Swagger's x-nullable) in draft-7 form. */
function toDraft7(schema: Json, seen = new Set<Json>()): Json {
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return schema;
  seen.add(schema);
  if (!Array.isArray(schema)) {
    delete schema.$schema;
    for (const [bound, limit] of [
      ['exclusiveMinimum', 'minimum'],
      ['exclusiveMaximum', 'maximum'],
    ]) {
      if (schema[bound] === true && typeof schema[limit] === 'number') {
        schema[bound] = schema[limit];
        delete schema[limit];
      } else if (typeof schema[bound] === 'boolean') delete schema[bound];
    }
    if (schema['x-file'] === true) delete schema.type;
  }
  for (const [key, value] of Object.entries(schema)) {
    if (key !== 'example' && key !== 'examples' && key !== 'enum' && key !== 'const' && key !== 'default')
      toDraft7(value, seen);
  }
  return schema;
}

function convert30(schema: Json): Json {
  return toDraft7(
    fromSchema(schema, {
      cloneSchema: true,
      strictMode: false,
      beforeTransform: (s: Json) => {
        // Swagger 2.0's extension for what OpenAPI 3.0 calls nullable; `file` is any bytes
        if (s && s['x-nullable'] === true && s.nullable === undefined) s.nullable = true;
        if (s && s.type === 'file') {
          delete s.type;
        }
        return s;
      },
    }),
  );
}

/**
 * OpenAPI's discriminator in JSON Schema words: the tag names the one branch the value must match
 * (`if` the tag is this value `then` that schema), rather than "exactly one branch", which two branches
 * of one base often both allow.
 */
function withDiscriminators(schema: Json, seen = new Set<Json>()): Json {
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return schema;
  seen.add(schema);
  for (const [key, value] of Object.entries(schema)) {
    if (key !== 'example' && key !== 'examples' && key !== 'enum' && key !== 'const' && key !== 'default')
      withDiscriminators(value, seen);
  }
  const told = Array.isArray(schema) ? undefined : discriminatorValues(schema);
  if (!told) return schema;
  const { tag, values, refs } = told;
  const branches = values.flatMap((keys, i) =>
    keys.map((key) => ({
      if: { properties: { [tag]: { const: key } }, required: [tag] },
      // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then, never awaited
      then: { $ref: refs[i] },
    })),
  );
  delete schema.oneOf;
  delete schema.anyOf;
  delete schema.discriminator;
  schema.allOf = [
    ...(schema.allOf ?? []),
    { required: [tag], properties: { [tag]: { enum: values.flat() } } },
    ...branches,
  ];
  return schema;
}

/** The whole document with each of its schemas in JSON Schema form, for one side. */
function documentFor(corpus: CorpusDocument, side: Side): Json {
  const copy = structuredClone(corpus.doc);
  const flag = side === 'request' ? 'readOnly' : 'writeOnly';
  const roots = corpus.version === '2.0' ? SCHEMA_ROOTS_2 : SCHEMA_ROOTS_3;
  eachRoot(copy, roots, (holder, key) => {
    const marked = withDiscriminators(withoutMarked(holder[key], flag));
    // a 3.1 document may still write draft-4's boolean exclusive bounds: read as their authors meant
    holder[key] = corpus.version === '3.1' ? toDraft7(marked) : convert30(marked);
  });
  return copy;
}

function ajvFor(corpus: CorpusDocument): Ajv {
  const options = {
    strict: false,
    allErrors: true,
    logger: false as const,
    unicodeRegExp: false,
    allowUnionTypes: true,
  };
  const ajv = corpus.version === '3.1' ? new Ajv2020(options) : new Ajv(options);
  addFormats(ajv);
  return ajv;
}

/** Points every local `$ref` of a schema the harness made at the document it was taken from. */
function anchored(schema: Json, seen = new Set<Json>()): Json {
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return schema;
  seen.add(schema);
  if (typeof schema.$ref === 'string' && schema.$ref.startsWith('#')) schema.$ref = `doc.json${schema.$ref}`;
  for (const value of Object.values(schema)) anchored(value, seen);
  return schema;
}

export function schemaCheckFor(corpus: CorpusDocument): SchemaCheck {
  const sides = new Map<Side, { ajv: Ajv; compiled: Map<string, ValidateFunction> }>();
  for (const side of ['request', 'response'] as const) {
    const ajv = ajvFor(corpus);
    ajv.addSchema(documentFor(corpus, side), 'doc.json');
    sides.set(side, { ajv, compiled: new Map() });
  }
  const validatorOf = (side: Side, at: SchemaAt): ValidateFunction => {
    const { ajv, compiled } = sides.get(side) as { ajv: Ajv; compiled: Map<string, ValidateFunction> };
    const key = at.pointer ?? JSON.stringify(at.schema);
    let validate = compiled.get(key);
    if (!validate) {
      const schema = at.pointer
        ? { $ref: `doc.json#${at.pointer.split('/').map(encodeURIComponent).join('/')}` }
        : anchored(
            corpus.version === '3.1'
              ? toDraft7(
                  withoutMarked(structuredClone(at.schema), side === 'request' ? 'readOnly' : 'writeOnly'),
                )
              : convert30(at.schema),
          );
      validate = ajv.compile(schema);
      compiled.set(key, validate);
    }
    return validate;
  };
  return {
    check(side, at, value) {
      let validate: ValidateFunction;
      try {
        validate = validatorOf(side, at);
      } catch (error) {
        return [
          `harness: Ajv cannot compile the schema at ${at.pointer ?? 'a parameter'}: ${(error as Error).message}`,
        ];
      }
      return validate(value) ? [] : describeErrors(validate.errors ?? []);
    },
    errors(side, at, value) {
      try {
        const validate = validatorOf(side, at);
        return validate(value) ? [] : [...(validate.errors ?? [])];
      } catch {
        return [];
      }
    },
  };
}

export function describeErrors(errors: ErrorObject[]): string[] {
  return errors
    .slice(0, 5)
    .map((e) => `${e.instancePath || '(root)'} ${e.message ?? e.keyword} ${JSON.stringify(e.params)}`);
}
