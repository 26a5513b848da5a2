import type { ApiModel } from '../model/apiModel.js';
import { isJsonObject as isRecord } from '../shared/jsonObjects.js';
import type { Chosen, Preferences } from './chooseResponse.js';
import type { CompiledMedia, CompiledResponse, CompiledResponses } from './compileResponses.js';
import type { SandboxAnswer } from './exchange.js';
import type { Negotiated } from './negotiate.js';
import type { Problem } from './problem.js';
import { PROBLEM_CONTENT_TYPE, problem } from './problem.js';
import { headerValues } from './responseHeaders.js';
import { serialise } from './serialise.js';

// An answer as the document declares it: the chosen response's media type, its example or a body
// generated from its schema, and its headers.

/** The header that carries an invalid request's problems when the declared error body is used. */
export const PROBLEMS_HEADER = 'sandbox-problems';
const MAX_PROBLEMS_HEADER = 4096;

/**
 * The body of a media type: the named example a client prefers; else the first example when it is a
 * value of the schema, or with `dynamic=true` a body generated from the schema, valid against it
 * (binary types generate their bytes when written).
 */
export function bodyOf(
  media: CompiledMedia,
  preferences: Preferences | undefined,
  model: ApiModel,
  name: string,
): unknown {
  const named = preferences?.example;
  if (named !== undefined && media.examples.has(named)) return media.examples.get(named);
  const examples = preferences?.dynamic !== true && !model.ignoresExamples;
  if (examples && media.example && exampleFits(media, model)) return media.example.value;
  if (media.kind === 'binary') return undefined;
  if (media.schema !== undefined) return model.generate(media.schema, name);
  return media.example?.value;
}

/** Where bodyOf's body comes from (for the request log): one of the document's examples, or generated. */
export function sourceOf(
  media: CompiledMedia,
  preferences: Preferences | undefined,
  model: ApiModel,
): 'example' | 'generated' {
  const named = preferences?.example;
  if (named !== undefined && media.examples.has(named)) return 'example';
  if (preferences?.dynamic !== true && media.example && exampleFits(media, model)) return 'example';
  const generates = media.kind === 'binary' || media.schema !== undefined;
  return generates || !media.example ? 'generated' : 'example';
}

/**
 * Whether the media type's example is a value of its schema, found once per compiled API. Only JSON
 * is checked: an XML or text example is the body as written, not a value of the schema.
 */
function exampleFits(media: CompiledMedia, model: ApiModel): boolean {
  if (model.examplesAsWritten) return true;
  media.exampleFits ??= media.kind !== 'json' || model.accepts(media.schema, media.example?.value);
  return media.exampleFits;
}

/**
 * The body a list of records is placed in: the records' media type's example (checked or not: only
 * its envelope is kept), else a value generated from its schema.
 */
export function listEnvelope(response: CompiledResponse, model: ApiModel, name: string): unknown {
  const media = response.records;
  if (!media) return undefined;
  if (media.example !== undefined) return media.example.value;
  return media.schema === undefined ? undefined : model.generate(media.schema, name);
}

/**
 * Writes an answer of the chosen response in its negotiated media type, with its declared headers.
 * An answer that already says its type (a problem of the product's own) is sent as it is.
 */
export function inMediaType(
  answer: SandboxAnswer,
  chosen: Chosen<CompiledResponse> | undefined,
  negotiated: Negotiated<CompiledMedia> | undefined,
  model: ApiModel,
): SandboxAnswer {
  const response = chosen?.response;
  if (answer.contentType !== undefined || !response) return answer;
  const headers =
    response.headers.length > 0
      ? { ...headerValues(response.headers, model), ...answer.headers }
      : answer.headers;
  if (!negotiated) return { status: answer.status, headers };
  const { media, contentType } = negotiated;
  if (media.kind === 'json') {
    // the hot path (a JSON record): the answer is this request's own, so it is completed in place
    answer.contentType = contentType;
    answer.headers = headers;
    return answer;
  }
  const value = answer.json !== undefined ? JSON.parse(answer.json) : answer.body;
  if (value === undefined && media.kind !== 'binary') return { status: answer.status, headers };
  const payload = serialise(value, { ...media.serialisation, contentType });
  return { status: answer.status, payload, contentType, headers };
}

/**
 * The answer to an invalid request: the declared 422, 400, `4XX` or `default` (see invalidOf) with its
 * own body when it declares one, the problems merged in when that body is a JSON object and always in
 * the `sandbox-problems` header; else RFC 9457 problem details listing them.
 */
export function invalidAnswer(
  responses: CompiledResponses,
  problems: Problem[],
  accept: string | undefined,
  model: ApiModel,
  name: string,
): SandboxAnswer {
  const count = problems.length;
  const detail = `${count} problem${count === 1 ? '' : 's'} with the request`;
  const status = responses.invalid?.status ?? 400;
  const own: SandboxAnswer = {
    status,
    body: problem(status, 'Invalid request', detail, problems),
    contentType: PROBLEM_CONTENT_TYPE,
  };
  const response = responses.invalid?.response;
  if (!response) return own;
  const headers = { ...headerValues(response.headers, model), [PROBLEMS_HEADER]: problemsHeader(problems) };
  const negotiated = response.media.choose(accept);
  const media = [negotiated?.media, ...response.media.media].find(
    (m) => m !== undefined && (m.example !== undefined || m.schema !== undefined),
  );
  if (!media) return { ...own, headers };
  const contentType = media === negotiated?.media ? negotiated.contentType : media.contentType;
  const body = bodyOf(media, undefined, model, name);
  if (media.kind === 'json') return { status, body: withProblems(body, problems), contentType, headers };
  return { status, payload: serialise(body, { ...media.serialisation, contentType }), contentType, headers };
}

/** A JSON object body gains the problems as `errors`, unless it has an `errors` of its own. */
function withProblems(body: unknown, problems: Problem[]): unknown {
  return isRecord(body) && !('errors' in body) ? { ...body, errors: problems } : body;
}

/** The problems as JSON a header can carry: ASCII only, and as many as fit in a few kilobytes. */
function problemsHeader(problems: Problem[]): string {
  for (let kept = problems; ; kept = kept.slice(0, Math.floor(kept.length / 2))) {
    const text = JSON.stringify(kept).replace(
      /[^\x20-\x7e]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
    if (text.length <= MAX_PROBLEMS_HEADER || kept.length === 0) return text;
  }
}
