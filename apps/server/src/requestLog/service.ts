import type { RequestLogPage, RequestLogQuery } from '@sandbox/contracts';
import type { ApisService } from '../apis/service.js';
import type { User } from '../auth/store.js';
import { Forbidden } from '../http/errors.js';
import type { TokenService } from '../tokens/service.js';
import type { RequestRecorder } from './recorder.js';
import type { RequestLogStore } from './store.js';

/** Who reads a log: a member of the API's team, or a CI job with one of the API's sandbox tokens. */
export type LogReader = { user: User } | { token: string };

interface RequestLogDeps {
  store: RequestLogStore;
  /** Absent when the log is off (REQUEST_LOG=off): nothing is recorded, the log reads empty. */
  recorder?: RequestRecorder;
  apis: ApisService;
  tokens: TokenService;
  /** The cutoff of the log's age when there is no recorder. */
  notBefore: () => string;
}

export function createRequestLogService({ store, recorder, apis, tokens, notBefore }: RequestLogDeps) {
  /**
   * The API's id once the reader may read its log: a member of another team is told the API is not
   * found (as for any of the team's resources), a token of another API or an expired one refused as
   * a missing session is.
   */
  async function admit(reader: LogReader, apiMasterId: number): Promise<number> {
    if ('user' in reader) return (await apis.apiOf(reader.user, apiMasterId)).id;
    if (await tokens.accepts(apiMasterId, reader.token)) return apiMasterId;
    throw new Forbidden('A valid session, or an unexpired sandbox token of this API, is required');
  }

  return {
    admit,

    async list(reader: LogReader, apiMasterId: number, query: RequestLogQuery): Promise<RequestLogPage> {
      const id = await admit(reader, apiMasterId);
      const { before, limit, ...filters } = query;
      // one more than asked says whether there is a next page
      const items = await store.list(id, filters, { before, limit: limit + 1 }, notBefore());
      const more = items.length > limit;
      if (more) items.pop();
      return { items, nextBefore: more ? (items.at(-1)?.id ?? null) : null };
    },

    /** Clears the API's log, calls still waiting to be written included. */
    async clear(user: User, apiMasterId: number): Promise<void> {
      const api = await apis.apiOf(user, apiMasterId);
      await recorder?.forgetApi(api.id);
      await store.clear(api.id);
    },
  };
}

export type RequestLogService = ReturnType<typeof createRequestLogService>;
