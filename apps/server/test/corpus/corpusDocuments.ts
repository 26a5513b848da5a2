// The public corpus of issue 12 (apps/server/test-fixtures/corpus/, licences in its LICENSES.md), read
// as a client reads a document: every operation with its parameters, body and responses resolved, Swagger
// 2.0 seen through the same lens as OpenAPI 3 so the rest of the harness knows one shape.

import { readdirSync, readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { escapePointer, resolve } from './documentPointers.js';
import { type OperationParts, swagger2Operation } from './swagger2Operation.js';

// biome-ignore lint/suspicious/noExplicitAny: the harness reads whatever a public document holds
export type Json = any;

export { escapePointer, resolve };

export const CORPUS_DIR = new URL('../../test-fixtures/corpus/', import.meta.url);

export type Version = '2.0' | '3.0' | '3.1';

export interface CorpusDocument {
  file: string;
  text: string;
  doc: Json;
  version: Version;
}

export function corpusFiles(): string[] {
  return readdirSync(CORPUS_DIR)
    .filter((name) => /\.(json|ya?ml)$/.test(name))
    .sort();
}

export function readCorpusDocument(file: string): CorpusDocument {
  const text = readFileSync(new URL(file, CORPUS_DIR), 'utf8');
  const doc = file.endsWith('.json') ? JSON.parse(text) : parseYaml(text, { maxAliasCount: -1 });
  const version: Version = doc.swagger ? '2.0' : String(doc.openapi).startsWith('3.1') ? '3.1' : '3.0';
  return { file, text, doc, version };
}

/** A schema and where it sits in the document (a JSON pointer), or none when the harness made it. */
export interface SchemaAt {
  schema: Json;
  pointer?: string;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  style: string;
  explode: boolean;
  allowReserved: boolean;
  schema: SchemaAt;
  /** Values the document gives as examples, in order. */
  examples: unknown[];
}

export interface MediaType {
  type: string;
  schema?: SchemaAt;
  examples: unknown[];
  /** OpenAPI 3 `encoding` of a form body, by property. */
  encoding: Json;
}

export interface Operation {
  /** `GET /pets/{petId}`: how failures name it. */
  id: string;
  method: string;
  path: string;
  parameters: Parameter[];
  body?: { required: boolean; media: MediaType[] };
  /** By declared code (`200`, `2XX`, `default`): the media types each may answer with. */
  responses: Map<string, MediaType[]>;
  /** The requirement alternatives that apply (`[]`: none), with the schemes they name. */
  security: Json[];
  schemes: Json;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

function examplesOf(doc: Json, holder: Json, pointer: string): unknown[] {
  const found: unknown[] = [];
  if (holder?.example !== undefined) found.push(holder.example);
  if (holder?.examples && typeof holder.examples === 'object' && !Array.isArray(holder.examples)) {
    for (const [name, example] of Object.entries(holder.examples)) {
      const resolved = resolve(doc, example, `${pointer}/examples/${escapePointer(name)}`).value;
      if (resolved && 'value' in resolved) found.push(resolved.value);
    }
  }
  return found;
}

export function operationsOf(corpus: CorpusDocument): Operation[] {
  const { doc, version } = corpus;
  const operations: Operation[] = [];
  for (const [path, rawItem] of Object.entries<Json>(doc.paths ?? {})) {
    const itemPointer = `/paths/${escapePointer(path)}`;
    const item = resolve(doc, rawItem, itemPointer);
    for (const method of METHODS) {
      const op = item.value[method];
      if (!op) continue;
      const opPointer = `${item.pointer}/${method}`;
      const parameters = new Map<string, { raw: Json; pointer: string }>();
      for (const [list, at] of [
        [item.value.parameters, `${item.pointer}/parameters`],
        [op.parameters, `${opPointer}/parameters`],
      ] as const) {
        (list ?? []).forEach((raw: Json, i: number) => {
          const p = resolve(doc, raw, `${at}/${i}`);
          parameters.set(`${p.value.in} ${p.value.name}`, { raw: p.value, pointer: p.pointer });
        });
      }
      const operation =
        version === '2.0'
          ? swagger2Operation(doc, op, opPointer, [...parameters.values()])
          : openapi3Operation(doc, op, opPointer, [...parameters.values()]);
      operations.push({
        id: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        ...operation,
      });
    }
  }
  return operations;
}

function openapi3Operation(
  doc: Json,
  op: Json,
  opPointer: string,
  raw: { raw: Json; pointer: string }[],
): OperationParts {
  const parameters: Parameter[] = [];
  for (const { raw: p, pointer } of raw) {
    const style = p.style ?? (p.in === 'query' || p.in === 'cookie' ? 'form' : 'simple');
    // a parameter given by `content` instead of `schema`: its one media type's schema
    const [mediaType, media] = Object.entries<Json>(p.content ?? {})[0] ?? [];
    const schema: SchemaAt = p.schema
      ? { schema: p.schema, pointer: `${pointer}/schema` }
      : media?.schema
        ? { schema: media.schema, pointer: `${pointer}/content/${escapePointer(mediaType)}/schema` }
        : { schema: {} };
    parameters.push({
      name: p.name,
      in: p.in,
      required: p.required === true || p.in === 'path',
      style,
      explode: p.explode ?? style === 'form',
      allowReserved: p.allowReserved === true,
      schema,
      examples: [...examplesOf(doc, p, pointer), ...(media ? examplesOf(doc, media, pointer) : [])],
    });
  }
  let body: Operation['body'];
  if (op.requestBody) {
    const rb = resolve(doc, op.requestBody, `${opPointer}/requestBody`);
    body = {
      required: rb.value.required === true,
      media: mediaOf(doc, rb.value.content, `${rb.pointer}/content`),
    };
  }
  const responses = new Map<string, MediaType[]>();
  for (const [code, rawResponse] of Object.entries<Json>(op.responses ?? {})) {
    const r = resolve(doc, rawResponse, `${opPointer}/responses/${escapePointer(code)}`);
    responses.set(code, mediaOf(doc, r.value.content, `${r.pointer}/content`));
  }
  return {
    parameters,
    body,
    responses,
    security: op.security ?? doc.security ?? [],
    schemes: doc.components?.securitySchemes ?? {},
  };
}

function mediaOf(doc: Json, content: Json, pointer: string): MediaType[] {
  return Object.entries<Json>(content ?? {}).map(([type, media]) => {
    const at = `${pointer}/${escapePointer(type)}`;
    return {
      type,
      schema: media?.schema ? { schema: media.schema, pointer: `${at}/schema` } : undefined,
      examples: [...examplesOf(doc, media, at), ...(media?.schema ? schemaExamples(doc, media.schema) : [])],
      encoding: media?.encoding ?? {},
    };
  });
}

function schemaExamples(doc: Json, schema: Json): unknown[] {
  const resolved = resolve(doc, schema, '').value;
  return resolved?.example !== undefined ? [resolved.example] : [];
}

/**
 * The discriminator value of each branch of a `oneOf`/`anyOf` with a discriminator: the mapping's key
 * that names the branch's schema, else the schema's own name (OpenAPI's implicit mapping). Undefined when
 * some branch is not a local `$ref` and so has no value to be told by.
 */
export function discriminatorValues(
  schema: Json,
): { tag: string; values: string[][]; refs: string[] } | undefined {
  const tag = schema?.discriminator?.propertyName;
  const branches: Json[] | undefined = schema?.oneOf ?? schema?.anyOf;
  if (typeof tag !== 'string' || !Array.isArray(branches)) return undefined;
  const mapping: Record<string, string> = schema.discriminator.mapping ?? {};
  const refs: string[] = [];
  const values: string[][] = [];
  for (const branch of branches) {
    const ref = branch?.$ref;
    if (typeof ref !== 'string' || !ref.startsWith('#/')) return undefined;
    const name = ref.split('/').at(-1) as string;
    const keys = Object.entries(mapping)
      .filter(([, target]) => target === ref || target === name)
      .map(([key]) => key);
    // the implicit value is a component's name: a branch elsewhere has none
    const named = /^#\/(components\/schemas|definitions)\/[^/]+$/.test(ref);
    if (keys.length === 0 && !named) return undefined;
    refs.push(ref);
    values.push(keys.length ? keys : [name]);
  }
  return { tag, values, refs };
}
