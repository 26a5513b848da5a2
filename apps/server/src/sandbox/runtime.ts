import { type AnswerContext, answerRequest } from '@sandbox/engine/answer/answerRequest';
import { type CompiledApi, compileApi } from '@sandbox/engine/answer/compileApi';
import type { SandboxAnswer, SandboxRequest } from '@sandbox/engine/answer/exchange';
import { preflightHeaders } from '@sandbox/engine/answer/preflight';
import { problem } from '@sandbox/engine/answer/problem';
import type { RecordStore } from '@sandbox/engine/answer/records';
import type { Random } from '@sandbox/engine/answer/simulate';
import type { Kysely } from 'kysely';
import type { LoadedApi } from '../apis/service.js';
import type { Database } from '../db/schema.js';
import type { UpstreamClient } from '../outbound/upstreamClient.js';
import { createDeployedApiCache } from './deployedApiCache.js';
import { forwardToUpstream, type ProxyTrace } from './forwardToUpstream.js';
import { TokenCheck } from './tokens.js';

interface Deployed {
  api: CompiledApi;
  /** What the engine answers its requests with: the records, and the check of the product's tokens. */
  context: AnswerContext;
  /** The product's token check, when the API requires its tokens. */
  admit?: (request: SandboxRequest) => SandboxAnswer | undefined;
  /** Where calls are forwarded (the hosted proxy), and the endpoints still answered here. */
  upstream?: { url: URL; keptMocked: Set<number> };
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
    loadApi: (key: string) => Promise<LoadedApi | undefined>;
    /** How an API's Upstream URL is reached; without it, every API is answered from its document. */
    upstream?: UpstreamClient;
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
    const api = compileApi(deployed);
    const check = new TokenCheck(tokens.map((t) => ({ token: t.token, expiresAt: t.expires_at })));
    const admit = api.isAuthRequired ? (request: SandboxRequest) => tokenRefusal(check, request) : undefined;
    const upstream = deployed.upstreamUrl
      ? { url: new URL(deployed.upstreamUrl), keptMocked: new Set(deployed.keptMocked) }
      : undefined;
    return { api, context: { records, random, admit }, admit, upstream };
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

    /** `sent`: the query string and the body's bytes as sent, which a forwarded call carries unchanged. */
    async handle(
      request: SandboxRequest & { trace?: ProxyTrace },
      sent: { rawQuery: string; bytes?: Buffer } = { rawQuery: '' },
    ): Promise<SandboxAnswer> {
      const deployed = await cache.get(request.key);
      if (!deployed) {
        if (request.method === 'OPTIONS') return { status: 204, headers: preflightHeaders(request.headers) };
        return { status: 404, body: problem(404, 'Not Found', 'No deployed API answers at this address') };
      }
      const { api, upstream } = deployed;
      if (upstream && options.upstream) {
        const route = api.router.lookup(request.method, request.path);
        const keptMocked = route.kind === 'found' && upstream.keptMocked.has(route.match.handler.id);
        if (!keptMocked) {
          if (request.trace) {
            request.trace.api = api;
            request.trace.route = route;
          }
          // the product's token check stands in front of the backend as it does in front of the mock
          const refused = deployed.admit?.(request);
          if (refused) return refused;
          return forwardToUpstream(
            api,
            request,
            { ...sent, upstream: upstream.url, tokenConsumed: deployed.admit !== undefined },
            options.upstream,
          );
        }
      }
      return answerRequest(api, request, deployed.context);
    },
  };

  /** An API that requires the product's tokens refuses a call without an unexpired one. */
  function tokenRefusal(tokens: TokenCheck, request: SandboxRequest) {
    const header = request.headers.authorization;
    const token = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header)?.[1] : undefined;
    if (token && tokens.accepts(token, now())) return undefined;
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

export type SandboxRuntime = ReturnType<typeof createSandboxRuntime>;
