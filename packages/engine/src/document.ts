import type { ImportedApi, ImportWarning } from '@sandbox/contracts';
import { answerRequest } from './answer/answerRequest.js';
import type { AnswerStyle } from './answer/answerStyle.js';
import { type CompiledApi, compileApi } from './answer/compileApi.js';
import type { DeployedApi } from './answer/deployedApi.js';
import { queryOf, type SandboxAnswer } from './answer/exchange.js';
import { memoryRecords } from './answer/memoryRecords.js';
import type { Problem } from './answer/problem.js';
import type { RecordStore } from './answer/records.js';
import type { RequestTrace } from './answer/requestTrace.js';
import type { Random } from './answer/simulate.js';
import { toWire } from './answer/wire.js';
import { importOpenApi } from './import/importOpenApi.js';

export interface DocumentOptions {
  /** The document's file name: its extension says JSON or YAML, and messages name it. */
  fileName?: string;
  /** Generated values are drawn from it and the request: the same request gets the same answer. */
  seed?: number;
  /** Where stateful collections keep their records; this process's memory unless given. */
  records?: RecordStore;
  /** Draws the traffic simulation's delays and failures. */
  random?: Random;
  /** `prism`: answer as Stoplight Prism does where it and the hosted sandbox differ (see AnswerStyle). */
  dialect?: 'sandbox' | 'prism';
  /** Writes change what reads answer: by default in the hosted sandbox's way, not in Prism's. */
  stateful?: boolean;
  /** Generated bodies, never examples (Prism's --dynamic). */
  dynamic?: boolean;
  /** Generated bodies where the document has examples (Prism's --ignoreExamples). */
  ignoreExamples?: boolean;
  /** An answer that breaks its own schema becomes a 500 listing why (Prism's --errors). */
  errors?: boolean;
  /**
   * Draws a body from a declared schema in place of the generator; `root` holds the document's named
   * schemas under `components.schemas`, where the schema's references point. Prism's static sampler.
   */
  sample?: (schema: unknown, root: unknown) => unknown;
}

export interface MockRequest {
  method: string;
  /** The path, with or without its query string. */
  path: string;
  query?: Record<string, string | string[] | undefined>;
  headers?: Record<string, string | string[] | undefined>;
  body?: string;
}

export interface MockAnswer {
  status: number;
  headers: Record<string, string>;
  body: string | Buffer | undefined;
  /** What is wrong with the request, as validation found it; empty when nothing is. */
  problems: Problem[];
  /** The traffic simulation dropped the connection: nothing is to be sent. */
  dropped?: true;
}

export interface Mock {
  api: CompiledApi;
  /** Every operation the document declares, in its order. */
  operations: { method: string; path: string }[];
  /** What of the document the mock could not honour, each with where it is (`#/paths/…`). */
  warnings: ImportWarning[];
  answer(request: MockRequest): Promise<MockAnswer>;
}

/**
 * An imported document as the engine runs it, from its declared operations and named schemas: the
 * API the platform would deploy from it.
 */
export function deployedFromImport(
  imported: ImportedApi,
  options: { id?: number; key?: string; seed?: number } = {},
): DeployedApi {
  return {
    id: options.id ?? 1,
    key: options.key ?? '',
    isAuthRequired: false,
    securitySchemes: imported.securitySchemes ?? {},
    declaredSchemas: new Map(Object.entries(JSON.parse(imported.declaredSchemasJson ?? '{}'))),
    answerSeed: options.seed,
    behaviour: imported.behaviour ?? null,
    endpoints: imported.endpoints.map((e, position) => ({
      id: position + 1,
      method: e.methodType,
      path: e.apiEndPoint,
      tag: e.apiTag,
      summary: e.summary,
      operation_id: e.operationId,
      get_api_id: null,
      post_api_id: null,
      put_api_id: null,
      patch_api_id: null,
      delete_api_id: null,
      // the importer declares every operation it keeps
      operation: JSON.parse(e.operationJson ?? '{"parameters":[],"responses":{}}'),
      testRows: [],
      behaviour: e.behaviour ?? null,
    })),
  };
}

function splitQuery(path: string): { path: string; query: Record<string, string | string[]> } {
  const mark = path.indexOf('?');
  return mark < 0 ? { path, query: {} } : { path: path.slice(0, mark), query: queryOf(path.slice(mark + 1)) };
}

const ADDED_CHARSET = '; charset=utf-8';

const lowerCased = (headers: MockRequest['headers'] = {}) =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));

/**
 * A mock of an OpenAPI 2.0, 3.0 or 3.1 document, or a Postman collection (JSON or YAML text): each
 * request is answered as the hosted sandbox answers it. Throws ImportError for a document it cannot read.
 */
export function mockDocument(text: string, options: DocumentOptions = {}): Mock {
  const imported = importOpenApi(text, options.fileName ?? 'openapi.yaml', {
    prism: options.dialect === 'prism',
  });
  const api = compileApi(deployedFromImport(imported, { seed: options.seed }), {
    prism: options.dialect === 'prism',
  });
  const records = options.records ?? memoryRecords();
  // Prism answers an example as written, and says in sl-violations what it breaks
  if (options.dialect === 'prism') api.model.examplesAsWritten = true;
  const { sample } = options;
  if (sample) {
    const root = { components: { schemas: JSON.parse(imported.declaredSchemasJson ?? '{}') } };
    // A static sample is the same at every call: drawn once per schema. It is shared as an
    // example is, and like one never changed by the answers it goes into.
    const drawn = new WeakMap<object, unknown>();
    api.model.sampler = (declared) => {
      if (typeof declared !== 'object') return sample(declared, root);
      if (!drawn.has(declared)) drawn.set(declared, sample(declared, root));
      return drawn.get(declared);
    };
  }
  const style: AnswerStyle | undefined =
    options.dialect === 'prism' || options.stateful === false || options.dynamic || options.ignoreExamples
      ? {
          prism: options.dialect === 'prism',
          stateful: options.stateful ?? options.dialect !== 'prism',
          dynamic: options.dynamic ?? false,
          ignoreExamples: options.ignoreExamples ?? false,
          errors: options.errors ?? false,
        }
      : undefined;
  return {
    api,
    operations: imported.endpoints.map((e) => ({ method: e.methodType, path: e.apiEndPoint })),
    warnings: imported.warnings,
    async answer(request) {
      const { path, query } = splitQuery(request.path);
      const trace: RequestTrace = {};
      const answer: SandboxAnswer = await answerRequest(
        api,
        {
          method: request.method.toUpperCase(),
          key: api.key,
          path,
          query: { ...query, ...request.query },
          headers: lowerCased(request.headers),
          rawBody: request.body,
          trace,
        },
        { records, random: options.random, style },
      );
      const problems = trace.problems ?? [];
      if (answer.drop) return { status: 0, headers: {}, body: undefined, problems, dropped: true };
      const { status, headers, text } = toWire(answer);
      // Prism sends the declared media type as the document writes it, with no charset added
      if (style?.prism && headers['content-type']?.endsWith(ADDED_CHARSET))
        headers['content-type'] = headers['content-type'].slice(0, -ADDED_CHARSET.length);
      return { status, headers, body: text, problems };
    },
  };
}
