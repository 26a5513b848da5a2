// Values built from the document alone: its examples where they validate, else openapi-sampler's, else
// one of those mended where the harness's own Ajv points; never the product's generator.

import type { ErrorObject } from 'ajv';
import { JSONSchemaFaker } from 'json-schema-faker';
import { sample } from 'openapi-sampler';
import { type CorpusDocument, discriminatorValues, type Json, type SchemaAt } from './corpusDocuments.js';
import type { SchemaCheck } from './documentSchemas.js';

export class CannotBuild extends Error {}

/** The schema admits no value at all (`allOf` of types that share none): only a refusal is right. */
export class NoValueExists extends CannotBuild {
  constructor(
    message: string,
    readonly place: string,
    readonly candidate: unknown,
  ) {
    super(message);
  }
}

const TYPES = ['null', 'boolean', 'object', 'array', 'number', 'string', 'integer'];

function typesOf(schema: Json): Set<string> {
  const declared = schema?.type === undefined ? TYPES : [schema.type].flat();
  const types = new Set<string>(declared);
  if (types.has('number')) types.add('integer');
  return types;
}

function admitsNoValue(doc: Json, schema: Json): boolean {
  const resolved = resolveSchema(doc, schema);
  let types = typesOf(resolved);
  for (const branch of resolved?.allOf ?? []) {
    const theirs = typesOf(resolveSchema(doc, branch));
    types = new Set([...types].filter((t) => theirs.has(t)));
  }
  return types.size === 0;
}

/** The first candidate that validates: the document's examples, then the sampler's values. */
export function valueFor(
  corpus: CorpusDocument,
  schemas: SchemaCheck,
  at: SchemaAt,
  examples: unknown[],
  place: string,
): unknown {
  const candidates: unknown[] = [...examples];
  const resolvedDefault = at.schema?.default;
  if (resolvedDefault !== undefined) candidates.push(resolvedDefault);
  // the sampler takes a oneOf's first branch, which may match the others too: each branch alone is
  // sampled as well, with and without its optional properties
  const resolved = resolveSchema(corpus.doc, at.schema);
  const { oneOf, anyOf, ...rest } = resolved ?? {};
  const branches = [...(oneOf ?? []), ...(anyOf ?? [])].map((branch: Json) => ({
    ...rest,
    allOf: [...(rest.allOf ?? []), branch],
  }));
  const told = discriminatorValues(resolved);
  for (const [i, schema] of [at.schema, ...branches].entries()) {
    for (const options of [{}, { skipNonRequired: true }, { enablePatterns: true }]) {
      try {
        const value = sample(schema, { skipReadOnly: true, quiet: true, ...options }, corpus.doc);
        // a branch's value carries the discriminator value that names its branch
        if (told && i > 0 && value && typeof value === 'object')
          (value as Json)[told.tag] = told.values[i - 1][0];
        candidates.push(value);
      } catch {
        // the sampler cannot read this schema: the other candidates are all there is
      }
    }
  }
  // a oneOf whose branches all admit the same object (no required property tells them apart): a
  // branch's value plus, for each other branch, one of its own properties of the wrong type
  for (const [i, branch] of (oneOf ?? []).entries()) {
    const ownProperties = propertiesOf(corpus.doc, branch);
    let value: unknown;
    try {
      value = sample(branches[i], { skipReadOnly: true, quiet: true, skipNonRequired: true }, corpus.doc);
    } catch {
      continue;
    }
    if (!value || typeof value !== 'object' || Array.isArray(value)) continue;
    const poisoned: Record<string, unknown> = { ...(value as object) };
    for (const [j, other] of (oneOf ?? []).entries()) {
      if (j === i) continue;
      const properties = propertiesOf(corpus.doc, other);
      const foreign = Object.keys(properties).find((name) => !(name in ownProperties) && !(name in poisoned));
      if (foreign)
        poisoned[foreign] =
          resolveSchema(corpus.doc, properties[foreign])?.type === 'string' ? 12345 : 'corpus';
    }
    candidates.push(poisoned);
  }
  let first: { candidate: unknown; problems: string[] } | undefined;
  for (const candidate of candidates) {
    if (candidate === undefined) continue;
    const problems = schemas.check('request', at, candidate);
    if (problems.length === 0) return candidate;
    first ??= { candidate, problems };
  }
  // last, each candidate mended where Ajv points: a required property the schema never describes, a
  // value of the wrong type or outside its enum
  for (const candidate of candidates) {
    if (candidate === undefined) continue;
    let mended: unknown = structuredClone(candidate);
    for (let round = 0; round < 4; round++) {
      if (schemas.check('request', at, mended).length === 0) return mended;
      mended = mend(mended, schemas.errors('request', at, mended));
    }
  }
  if (admitsNoValue(corpus.doc, at.schema))
    throw new NoValueExists(`the schema of ${place} admits no value`, place, first?.candidate);
  throw new CannotBuild(
    `harness: no valid value for ${place} among ${candidates.length} candidates; the first, ${JSON.stringify(first?.candidate ?? null)?.slice(0, 200)}: ${first?.problems.join('; ')}`,
  );
}

function mend(value: unknown, errors: ErrorObject[]): unknown {
  const root = { value };
  for (const error of errors) {
    const tokens = error.instancePath
      .split('/')
      .slice(1)
      .map((t) => t.replaceAll('~1', '/').replaceAll('~0', '~'));
    let holder: Json = root;
    let key = 'value';
    for (const token of tokens) {
      holder = holder?.[key];
      key = token;
    }
    if (!holder || typeof holder !== 'object') continue;
    if (error.keyword === 'required') {
      const target = holder[key];
      if (target && typeof target === 'object') target[error.params.missingProperty] ??= 'corpus';
    } else if (error.keyword === 'type') {
      const wanted = [error.params.type].flat().join(',').split(',')[0];
      const current = holder[key];
      holder[key] =
        wanted === 'string'
          ? String(current)
          : wanted === 'integer' || wanted === 'number'
            ? Number.isFinite(Number(current))
              ? Number(current)
              : 0
            : wanted === 'boolean'
              ? true
              : wanted === 'array'
                ? []
                : wanted === 'object'
                  ? {}
                  : null;
    } else if (error.keyword === 'enum') {
      holder[key] = error.params.allowedValues?.[0];
    } else if (error.keyword === 'pattern' || error.keyword === 'format') {
      // a string its pattern or format admits: json-schema-faker's generator (through Prism, a devDependency)
      try {
        holder[key] =
          error.params.format === 'byte'
            ? Buffer.from('corpus').toString('base64')
            : JSONSchemaFaker.generate({ type: 'string', ...error.params });
      } catch {
        // a format json-schema-faker does not know: the candidate stays as it is
      }
    }
  }
  return root.value;
}

/** A schema's properties, its `allOf` branches' included. */
export function propertiesOf(doc: Json, schema: Json, depth = 0): Record<string, Json> {
  const resolved = resolveSchema(doc, schema);
  if (!resolved || depth > 8) return {};
  const own = { ...(resolved.properties ?? {}) };
  for (const branch of resolved.allOf ?? []) Object.assign(own, propertiesOf(doc, branch, depth + 1), own);
  return own;
}

export function resolveSchema(doc: Json, schema: Json): Json {
  let current = schema;
  for (let i = 0; current?.$ref && i < 16; i++) {
    current = String(current.$ref)
      .slice(2)
      .split('/')
      .reduce(
        (node: Json, token) => node?.[decodeURIComponent(token).replaceAll('~1', '/').replaceAll('~0', '~')],
        doc,
      );
  }
  return current;
}
