import type { AnswerStyle } from './answerStyle.js';
import { type Preferences, prismSuccessOf, readPreferences, responseFor } from './chooseResponse.js';
import type { CompiledApi, CompiledEndpoint } from './compileApi.js';
import { invalidAnswer } from './documentAnswer.js';
import type { SandboxAnswer, SandboxRequest } from './exchange.js';
import { preflightHeaders } from './preflight.js';
import {
  asPrismWrites,
  prismInvalid,
  prismModel,
  prismUnauthorized,
  prismUnsupported,
  withViolations,
} from './prismAnswer.js';
import {
  missingExample,
  noComplexObjectText,
  noMethodMatched,
  noPathMatched,
  notAcceptable as prismNotAcceptable,
  notFound as prismNotFound,
} from './prismProblems.js';
import { problem } from './problem.js';
import type { RecordStore } from './records.js';
import { respondTo } from './respond.js';
import { ComplexText } from './serialise.js';
import { optsOut, type Random, simulate } from './simulate.js';
import { validateRequest } from './validateRequest.js';

export interface AnswerContext {
  /** Where stateful collections keep their records. */
  records: RecordStore;
  /** Draws the traffic simulation's delays and failures; Math.random unless a test fixes it. */
  random?: Random;
  /**
   * The platform's own check of who may call, after routing and before the document's security:
   * an answer refuses the call with it.
   */
  admit?: (request: SandboxRequest) => SandboxAnswer | undefined;
  /** Where to answer as Prism does (the command-line program); the hosted sandbox's way without it. */
  style?: AnswerStyle;
}

/**
 * One request's answer from a compiled API (DESIGN §6): routed, its caller checked, its traffic
 * simulated, validated, then answered from the document and the stored records.
 */
export async function answerRequest(
  api: CompiledApi,
  request: SandboxRequest,
  { records, random = Math.random, admit, style }: AnswerContext,
): Promise<SandboxAnswer> {
  if (request.trace) request.trace.api = api;

  const found = api.router.lookup(request.method, request.path);
  if (request.trace) request.trace.route = found;
  if (found.kind !== 'found' && style?.prism) {
    // Prism answers an undeclared OPTIONS like any undeclared method (its server answers preflights)
    return found.kind === 'method-not-allowed'
      ? noMethodMatched(request.path, request.method)
      : noPathMatched(request.path);
  }
  if (found.kind !== 'found') {
    // OPTIONS the document does not declare: what the path answers, and CORS as for a preflight
    const allow = found.kind === 'method-not-allowed' ? [...found.allowed, 'OPTIONS'].join(', ') : null;
    if (request.method === 'OPTIONS')
      return { status: 204, headers: { ...preflightHeaders(request.headers), ...(allow && { allow }) } };
    if (allow === null)
      return { status: 404, body: problem(404, 'Not Found', `No endpoint matches ${request.path}`) };
    return {
      status: 405,
      headers: { allow },
      body: problem(405, 'Method Not Allowed', `${request.path} answers ${allow}`),
    };
  }

  const refusedCaller = admit?.(request);
  if (refusedCaller) return refusedCaller;

  const { handler: endpoint, params } = found.match;
  // Prism answers HEAD only where the document declares it
  if (style?.prism && request.method === 'HEAD' && endpoint.method !== 'HEAD')
    return noMethodMatched(request.path, request.method);
  // then the document's own security, before validation (as Prism does); the product's token
  // checked above stands for the schemes that travel in Authorization
  const refused = endpoint.security?.(request, api.isAuthRequired);
  if (refused && style?.prism) return prismUnauthorized(endpoint, refused, acceptOf(request), api.model);
  if (refused) return refused;
  // traffic simulation after the checks of who may call: an unauthorised call still gets its 401
  const { behaviour } = endpoint;
  if (behaviour === undefined || optsOut(request.headers))
    return answerCall(records, api, endpoint, params, request, style);
  return simulate(behaviour, { api, endpoint, params, request }, records, random, () =>
    answerCall(records, api, endpoint, params, request, style),
  );
}

/** The answer of a matched call whose caller is let in: validated, then answered (DESIGN §6). */
async function answerCall(
  records: RecordStore,
  api: CompiledApi,
  endpoint: CompiledEndpoint,
  params: Record<string, string>,
  request: SandboxRequest,
  style: AnswerStyle | undefined,
): Promise<SandboxAnswer> {
  const checked = await validateRequest(endpoint.request, request, params);
  if (request.trace && 'problems' in checked) request.trace.problems = checked.problems;
  // an API answering deterministically generates this request's values from its seed and the request
  const model = prismModel(api.model.forRequest(request), asked(request), style);
  const accept = acceptOf(request);
  const prism = style?.prism === true;
  if ('unsupported' in checked)
    return prism ? prismUnsupported(endpoint, accept, model) : unsupportedMediaType(checked.unsupported);
  if ('problems' in checked)
    return prism
      ? prismInvalid(endpoint, checked.problems, accept, model, asked(request))
      : invalidAnswer(endpoint.responses, checked.problems, accept, model, endpoint.resourceName);
  const preferences = withStyle(asked(request), style);
  const preferred =
    preferences?.code === undefined ? undefined : responseFor(endpoint.responses, preferences.code);
  if (prism && preferences?.code !== undefined && !preferred)
    return prismNotFound(`Requested status code ${preferences.code} is not defined in the document.`);
  const { responses } = endpoint;
  const success = prism ? prismSuccessOf(responses, responses.inOrder, responses.success) : responses.success;
  const chosen = preferred ?? success;
  const media = chosen?.response.media.choose(accept);
  if (media === null)
    return prism
      ? prismNotAcceptable(accept ?? '*/*')
      : notAcceptable(chosen?.response.media.available ?? []);
  const example = preferences?.example;
  if (prism && example !== undefined && !media?.media.examples.has(example))
    return missingExample(media?.media.type ?? 'application/json', example);
  const stateless = style !== undefined && !style.stateful;
  const written = prism ? asPrismWrites(media) : media;
  const answer = { body: checked.body, chosen, media: written, preferences, accept, stateless };
  let answered: SandboxAnswer;
  try {
    answered = await respondTo({ api, endpoint, params, request }, model, answer, records);
  } catch (error) {
    if (error instanceof ComplexText) return noComplexObjectText();
    throw error;
  }
  return prism ? withViolations(api, endpoint, request, media, answered, style.errors) : answered;
}

const asked = (request: SandboxRequest) => readPreferences(request.headers.prefer, request.query);

const headerText = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
const acceptOf = (request: SandboxRequest) => headerText(request.headers.accept);

/** Prism's `--dynamic` asks for generated bodies unless the request asks otherwise. */
function withStyle(
  preferences: Preferences | undefined,
  style: AnswerStyle | undefined,
): Preferences | undefined {
  if (!style?.dynamic) return preferences;
  return { dynamic: true, ...preferences };
}

/** RFC 9110 §15.5.16: the body is in a media type the operation does not take; the problem lists those it does. */
function unsupportedMediaType(accepted: string[]): SandboxAnswer {
  return {
    status: 415,
    body: problem(
      415,
      'Unsupported Media Type',
      `This operation takes a body as ${accepted.join(', ')}`,
      undefined,
      { accepted },
    ),
  };
}

/** RFC 9110 §15.5.7: nothing the response declares is acceptable; the problem lists what is. */
function notAcceptable(available: string[]): SandboxAnswer {
  return {
    status: 406,
    body: problem(406, 'Not Acceptable', `This answer is available as ${available.join(', ')}`, undefined, {
      available,
    }),
  };
}
