// Swagger 2.0 operations seen as OpenAPI 3 ones: a body parameter or formData parameters become the
// request body, collectionFormat becomes a style, a response's schema is offered in every `produces`.

import type { Json, MediaType, Operation, Parameter } from './corpusDocuments.js';
import { escapePointer, resolve } from './documentPointers.js';

export type OperationParts = Omit<Operation, 'id' | 'method' | 'path'>;

// The keywords a Swagger 2.0 non-body parameter shares with a schema.
const SCHEMA_KEYWORDS = [
  'type',
  'format',
  'items',
  'enum',
  'default',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'pattern',
  'minItems',
  'maxItems',
  'uniqueItems',
  'multipleOf',
];

function parameterSchema(p: Json): Json {
  const schema: Json = {};
  for (const keyword of SCHEMA_KEYWORDS) if (p[keyword] !== undefined) schema[keyword] = p[keyword];
  // a file part is any bytes
  if (schema.type === 'file') return { 'x-file': true };
  return schema;
}

const COLLECTION_STYLES: Record<string, { style: string; explode: boolean }> = {
  csv: { style: 'form', explode: false },
  ssv: { style: 'spaceDelimited', explode: false },
  tsv: { style: 'tabDelimited', explode: false },
  pipes: { style: 'pipeDelimited', explode: false },
  multi: { style: 'form', explode: true },
};

export function swagger2Operation(
  doc: Json,
  op: Json,
  opPointer: string,
  raw: { raw: Json; pointer: string }[],
): OperationParts {
  const parameters: Parameter[] = [];
  const consumes: string[] = op.consumes ?? doc.consumes ?? ['application/json'];
  const produces: string[] = op.produces ?? doc.produces ?? ['application/json'];
  let body: Operation['body'];
  const form: { properties: Json; required: string[] } = { properties: {}, required: [] };
  for (const { raw: p, pointer } of raw) {
    if (p.in === 'body') {
      const schema = { schema: p.schema ?? {}, pointer: `${pointer}/schema` };
      const examples = Object.values(p['x-examples'] ?? {});
      body = {
        required: p.required === true,
        media: consumes.map((type) => ({ type, schema, examples, encoding: {} })),
      };
    } else if (p.in === 'formData') {
      form.properties[p.name] = parameterSchema(p);
      if (p.required) form.required.push(p.name);
    } else {
      const collection =
        p.type === 'array'
          ? (COLLECTION_STYLES[p.collectionFormat ?? 'csv'] ?? COLLECTION_STYLES.csv)
          : undefined;
      const style = p.in === 'query' ? (collection?.style ?? 'form') : 'simple';
      parameters.push({
        name: p.name,
        in: p.in,
        required: p.required === true || p.in === 'path',
        style,
        explode: collection?.explode ?? p.in === 'query',
        allowReserved: false,
        schema: { schema: parameterSchema(p) },
        examples: p['x-example'] !== undefined ? [p['x-example']] : [],
      });
    }
  }
  if (Object.keys(form.properties).length > 0) {
    const types = consumes.filter((t) => /form-data|x-www-form-urlencoded/.test(t));
    body = {
      required: form.required.length > 0,
      media: (types.length ? types : ['multipart/form-data']).map((type) => ({
        type,
        schema: {
          schema: { type: 'object', ...form, required: form.required.length ? form.required : undefined },
        },
        examples: [],
        encoding: {},
      })),
    };
  }
  const responses = new Map<string, MediaType[]>();
  for (const [code, rawResponse] of Object.entries<Json>(op.responses ?? {})) {
    const r = resolve(doc, rawResponse, `${opPointer}/responses/${escapePointer(code)}`);
    const schema = r.value.schema ? { schema: r.value.schema, pointer: `${r.pointer}/schema` } : undefined;
    responses.set(
      code,
      schema
        ? produces.map((type) => ({
            type,
            schema,
            examples: Object.values(r.value.examples ?? {}),
            encoding: {},
          }))
        : [],
    );
  }
  return {
    parameters,
    body,
    responses,
    security: op.security ?? doc.security ?? [],
    schemes: doc.securityDefinitions ?? {},
  };
}
