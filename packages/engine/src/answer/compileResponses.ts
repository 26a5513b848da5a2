import type {
  DeclaredHeader,
  DeclaredMediaType,
  DeclaredOperation,
  DeclaredResponse,
  DeclaredSchema,
} from '@sandbox/contracts';
import type { ApiModel } from '../model/apiModel.js';
import { kindsOf } from '../model/parameterStyles.js';
import {
  concreteOf,
  contentTypeOf,
  isRange,
  type MediaKind,
  mediaKind,
  recordMediaTypeOf,
} from '../shared/mediaTypes.js';
import { type Chosen, invalidOf, type ResponseTable, successOf, tableOf } from './chooseResponse.js';
import { MediaChoice } from './negotiate.js';
import { type CompiledHeader, compileHeaders } from './responseHeaders.js';
import type { Serialisation } from './serialise.js';
import type { ResolveSchema } from './xmlBody.js';

/** One media type of a response, ready to answer with: its examples, how to generate and write it. */
export interface CompiledMedia {
  /** As declared (`application/json`, `image/*`): what Accept is matched against. */
  type: string;
  /** The Content-Type answered (a declared range answers with a concrete type of its family). */
  contentType: string;
  kind: MediaKind;
  /** The first example (`example`, else the first of `examples`), when the document gives one. */
  example?: { value: unknown };
  /** Whether that example is a value of the schema (found on first use): one that is not is not answered. */
  exampleFits?: boolean;
  /** Named examples, for `Prefer: example=<name>`. */
  examples: Map<string, unknown>;
  /** The schema as the document declares it: what the body is generated from, names XML, tells encodings. */
  schema?: DeclaredSchema;
  serialisation: Serialisation;
}

export interface CompiledResponse {
  /** As the document writes it: `200`, `2XX`, `default`. */
  declaredCode: string;
  /**
   * The media type whose schema is the records' (JSON where the response declares it, else its
   * first): it says where a list goes, and its example or schema gives a list's envelope.
   */
  records?: CompiledMedia;
  /** Where a list of records goes in this response: the body itself ('') or one of its array fields. */
  listField?: string;
  /** The declared media types, in the document's order. */
  media: MediaChoice<CompiledMedia>;
  headers: CompiledHeader[];
  /** The headers the document declares, as written: what a proxy checks an upstream's answer for. */
  declaredHeaders: Record<string, DeclaredHeader>;
}

export interface CompiledResponses extends ResponseTable<CompiledResponse> {
  /** Precomputed: what answers a valid request, and an invalid one (undefined: the product's own 400). */
  success?: Chosen<CompiledResponse>;
  invalid?: Chosen<CompiledResponse>;
  /** As the document declares them, in its order (Prism answers the first when none is a success). */
  inOrder: CompiledResponse[];
}

interface Context {
  model: ApiModel;
  /** Names an XML root that neither its schema nor its component names (the path's resource). */
  resourceName: string;
  resolve: ResolveSchema;
}

/** Where a list goes in an answer of the schema: the body itself (''), or its first array field. */
function listFieldOf(model: ApiModel, schema: DeclaredSchema): string | undefined {
  const { types, properties } = kindsOf(model.answerSchema(schema), model.resolve);
  if (types.has('array')) return '';
  return Object.entries(properties).find(([, p]) => kindsOf(p, model.resolve).types.has('array'))?.[0];
}

/** Every response of an endpoint's declared operation, by code, range and `default`, in its order. */
export function compileResponses(operation: DeclaredOperation, context: Context): CompiledResponses {
  const responses = Object.entries(operation.responses).map(([code, declared]): CompiledResponse => {
    const media = compileMedia(declared, context);
    const recordType = recordMediaTypeOf(media.map((m) => m.type));
    const records = media.find((m) => m.type === recordType);
    return {
      declaredCode: code,
      records,
      listField: records?.schema === undefined ? undefined : listFieldOf(context.model, records.schema),
      media: new MediaChoice(media, asConcrete),
      headers: compileHeaders(declared?.headers),
      declaredHeaders: declared?.headers ?? {},
    };
  });
  const table = tableOf(responses);
  return { ...table, success: successOf(table), invalid: invalidOf(table), inOrder: responses };
}

/**
 * A declared range answering the concrete type a request named (`*\/*` asked for `application/json`):
 * written as that type is written, so a string is sent as JSON text, not bare. Its example is checked
 * again when that type is JSON, since a text or binary default never checks it.
 */
function asConcrete(range: CompiledMedia, contentType: string): CompiledMedia {
  const kind = mediaKind(contentType);
  if (kind === range.kind) return range;
  return {
    ...range,
    contentType,
    kind,
    exampleFits: undefined,
    serialisation: { ...range.serialisation, kind, contentType },
  };
}

/** Whether a schema describes an object or a list. */
function describesStructure(schema: DeclaredMediaType['schema'], model: ApiModel): boolean {
  if (schema === undefined) return false;
  const { types } = kindsOf(schema, model.resolve);
  return types.has('object') || types.has('array');
}

function compileMedia(declared: DeclaredResponse | undefined, context: Context): CompiledMedia[] {
  return Object.entries(declared?.content ?? {}).map(([type, media]) => {
    const examples = new Map<string, unknown>();
    for (const [name, example] of Object.entries(media.examples ?? {})) {
      if (example && 'value' in example) examples.set(name, example.value);
    }
    let example: { value: unknown } | undefined;
    if ('example' in media) example = { value: media.example };
    else if (examples.size > 0) example = { value: examples.values().next().value };
    // an example says what the range answers; without one, its schema does (springdoc writes `*/*`
    // for every response, most of them objects with no example)
    const structured = example
      ? typeof example.value === 'object' && example.value !== null
      : describesStructure(media.schema, context.model);
    const contentType = contentTypeOf(isRange(type) ? concreteOf(type, structured) : type);
    const kind = mediaKind(contentType);
    return {
      type,
      contentType,
      kind,
      example,
      examples,
      schema: media.schema,
      serialisation: {
        kind,
        contentType,
        schema: media.schema,
        rootName: context.resourceName || 'root',
        resolve: context.resolve,
      },
    };
  });
}
