import type { CompiledApi, CompiledEndpoint } from './compileApi.js';
import type { RouteLookup } from './matchRoute.js';
import type { Problem } from './problem.js';

/**
 * What the runtime found out while answering a request, for the request log: filled in as it goes,
 * so the hot path builds nothing it would not build anyway.
 */
export interface RequestTrace {
  /** The deployed API the address named; unset when none did (and the call is not logged). */
  api?: CompiledApi;
  /** The endpoint matched, or why none did. */
  route?: RouteLookup<CompiledEndpoint>;
  /** What validation found wrong with the request. */
  problems?: Problem[];
}
