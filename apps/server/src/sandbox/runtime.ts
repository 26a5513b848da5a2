import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { readPreferences, responseFor } from './chooseResponse.js';
import { type CompiledApi, type CompiledEndpoint, compileApi } from './compileApi.js';
import type { DeployedApi } from './deployedApi.js';
import { createDeployedApiCache } from './deployedApiCache.js';
import { invalidAnswer } from './documentAnswer.js';
import type { SandboxAnswer, SandboxRequest } from './exchange.js';
import { preflightHeaders } from './preflight.js';
import { problem } from './problem.js';
import type { RecordStore } from './records.js';
import { respondTo } from './respond.js';
import { optsOut, type Random, simulate } from './simulate.js';
import { TokenCheck } from './tokens.js';
import { validateRequest } from './validateRequest.js';

interface Deployed {
  api: CompiledApi;
  tokens: TokenCheck;
}

/**
 * The sandbox's hot path (DESIGN §6): each deployed API is compiled once into a router and validators
 * and kept in memory until it changes (the `compiledApis` most recently called); a request then costs
 * no read of its configuration.
 */
export function createSandboxRuntime(
  db: Kysely<Database>,
  records: RecordStore,
  options: {
    compiledApis: number;
    /** Reads a deployed API by its key (apis/loadDeployedApi.ts); undefined when none is deployed there. */
    loadApi: (key: string) => Promise<DeployedApi | undefined>;
    random?: Random;
    now?: () => number;
  },
) {
  const random = options.random ?? Math.random;
  const now = options.now ?? Date.now;
  async function load(key: string): Promise<Deployed | null> {
    const deployed = await options.loadApi(key);
    if (!deployed) return null;
    const tokens = await db
      .selectFrom('api_tokens')
      .select(['token', 'expires_at'])
      .where('api_master_id', '=', deployed.id)
      .execute();
    return {
      api: compileApi(deployed),
      tokens: new TokenCheck(tokens.map((t) => ({ token: t.token, expiresAt: t.expires_at }))),
    };
  }

  const cache = createDeployedApiCache(options.compiledApis, load, (deployed) => deployed.api.id);

  return {
    /** Forgets the compiled form of an API; the next request compiles it again. */
    invalidate(apiMasterId: number): void {
      cache.forgetApi(apiMasterId);
    },

    /** Forgets every compiled API, for when changes may have gone unheard. */
    invalidateAll(): void {
      cache.clear();
    },

    async handle(request: SandboxRequest): Promise<SandboxAnswer> {
      const deployed = await cache.get(request.key);
      if (!deployed) {
        if (request.method === 'OPTIONS') return { status: 204, headers: preflightHeaders(request.headers) };
        return { status: 404, body: problem(404, 'Not Found', 'No deployed API answers at this address') };
      }
      const { api, tokens } = deployed;
      if (request.trace) request.trace.api = api;

      const found = api.router.lookup(request.method, request.path);
      if (request.trace) request.trace.route = found;
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

      if (api.isAuthRequired) {
        const header = request.headers.authorization;
        const token = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header)?.[1] : undefined;
        if (!token || !tokens.accepts(token, now())) {
          return {
            status: 401,
            headers: { 'www-authenticate': 'Bearer' },
            body: problem(
              401,
              'Unauthorized',
              'Send an unexpired token of this API as Authorization: Bearer <token>',
            ),
          };
        }
      }

      const { handler: endpoint, params } = found.match;
      // then the document's own security, before validation (as Prism does); the product's token
      // checked above stands for the schemes that travel in Authorization
      const refused = endpoint.security?.(request, api.isAuthRequired);
      if (refused) return refused;
      // traffic simulation after the checks of who may call: an unauthorised call still gets its 401
      const { behaviour } = endpoint;
      if (behaviour === undefined || optsOut(request.headers))
        return answerCall(api, endpoint, params, request);
      return simulate(behaviour, { api, endpoint, params, request }, records, random, () =>
        answerCall(api, endpoint, params, request),
      );
    },
  };

  /** The answer of a matched call whose caller is let in: validated, then answered (DESIGN §6). */
  async function answerCall(
    api: CompiledApi,
    endpoint: CompiledEndpoint,
    params: Record<string, string>,
    request: SandboxRequest,
  ): Promise<SandboxAnswer> {
    const checked = await validateRequest(endpoint.request, request, params);
    if (request.trace && 'problems' in checked) request.trace.problems = checked.problems;
    // an API answering deterministically generates this request's values from its seed and the request
    const model = api.model.forRequest(request);
    const accept = typeof request.headers.accept === 'string' ? request.headers.accept : undefined;
    if ('unsupported' in checked) return unsupportedMediaType(checked.unsupported);
    if ('problems' in checked)
      return invalidAnswer(endpoint.responses, checked.problems, accept, model, endpoint.resourceName);
    const preferences = readPreferences(request.headers.prefer, request.query);
    const preferred =
      preferences?.code === undefined ? undefined : responseFor(endpoint.responses, preferences.code);
    const chosen = preferred ?? endpoint.responses.success;
    const media = chosen?.response.media?.choose(accept);
    if (media === null) return notAcceptable(chosen?.response.media?.available ?? []);
    const answer = { body: checked.body, chosen, media, preferences, accept };
    return respondTo({ api, endpoint, params, request }, model, answer, records);
  }
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

export type SandboxRuntime = ReturnType<typeof createSandboxRuntime>;
