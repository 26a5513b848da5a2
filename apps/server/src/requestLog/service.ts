import {
  HOURLY_VIOLATIONS_MAX_MS,
  type LoggedRequest,
  MAX_JUNIT_CASES,
  MAX_VIOLATION_BUCKETS,
  type RequestLogJunitQuery,
  type RequestLogPage,
  type RequestLogQuery,
  type RequestLogViolations,
  type RequestLogViolationsQuery,
  VIOLATION_BUCKET_MS,
  violationTrendMessages,
} from '@sandbox/contracts';
import type { ApisService } from '../apis/service.js';
import type { User } from '../auth/service.js';
import { Forbidden, Invalid } from '../http/errors.js';
import type { TokenService } from '../tokens/service.js';
import { junitReport } from './junitReport.js';
import type { RequestRecorder } from './recorder.js';
import type { RequestLogStore } from './store.js';

/** Who reads a log: a member of the API's team, or a CI job with one of the API's sandbox tokens. */
export type LogReader = { user: User } | { token: string };

/** A reader let in: the API, and its team (streams are counted per team). */
export interface AdmittedReader {
  apiMasterId: number;
  teamId: number;
}

/** What a page's answer holds besides its entries and gaps, about: `{"items":[…],"nextBefore":123}`. */
const PAGE_ENVELOPE_BYTES = 64;

interface RequestLogDeps {
  store: RequestLogStore;
  /** Absent when the log is off (REQUEST_LOG=off): nothing is recorded, the log reads empty. */
  recorder?: RequestRecorder;
  apis: ApisService;
  tokens: TokenService;
  /** The cutoff of the log's age when there is no recorder. */
  notBefore: () => string;
  /** A page's answer stays under this many bytes (REQUEST_LOG_PAGE_BYTES); the rest is the next page's. */
  pageBytes: number;
  /** The log's clock: a JUnit report's window ends now unless told otherwise. */
  now?: () => number;
}

export function createRequestLogService({
  store,
  recorder,
  apis,
  tokens,
  notBefore,
  pageBytes,
  now = Date.now,
}: RequestLogDeps) {
  /**
   * The API and its team once the reader may read its log: a member of another team is told the API
   * is not found (as for any of the team's resources), a token of another API or an expired one
   * refused as a missing session is.
   */
  async function admit(reader: LogReader, apiMasterId: number): Promise<AdmittedReader> {
    if ('user' in reader) {
      const api = await apis.apiOf(reader.user, apiMasterId);
      return { apiMasterId: api.id, teamId: api.team_id };
    }
    const accepted = await tokens.accepts(apiMasterId, reader.token);
    const teamId = accepted ? await store.teamOf(apiMasterId) : undefined;
    if (teamId !== undefined) return { apiMasterId, teamId };
    throw new Forbidden('A valid session, or an unexpired sandbox token of this API, is required');
  }

  return {
    admit,

    /**
     * A page of the API's log, newest first: `limit` entries at most, and fewer when they would make
     * an answer past `pageBytes` (issue 25: 200 entries of 16 KB bodies made 6 MB), the rest reached
     * as any next page is, through `nextBefore`.
     */
    async list(reader: LogReader, apiMasterId: number, query: RequestLogQuery): Promise<RequestLogPage> {
      const { apiMasterId: id } = await admit(reader, apiMasterId);
      const { before, limit, ...filters } = query;
      // one more than asked says whether there is a next page
      const items = await store.list(id, filters, { before, limit: limit + 1 }, notBefore());
      let more = items.length > limit;
      if (more) items.pop();
      const fit = fitting(items, pageBytes);
      if (fit < items.length) {
        items.length = fit;
        more = true;
      }
      // the gaps down to this page's last entry, all of them on the last page: the list shows each
      // between the entries it fell between, however it is filtered
      const last = items.at(-1);
      const since = filters.since === undefined ? notBefore() : new Date(filters.since).toISOString();
      const gaps = await store.gaps(id, more && last ? last.at : since);
      return { items, nextBefore: more ? (last?.id ?? null) : null, gaps };
    },

    /**
     * The calls of a time window as a JUnit report (issue 28): one testcase per call, a failure per
     * violation of the document; calls still queued are written first, so a CI job that just ran its
     * tests through the proxy finds them all.
     */
    async junit(reader: LogReader, apiMasterId: number, query: RequestLogJunitQuery): Promise<string> {
      const { apiMasterId: id } = await admit(reader, apiMasterId);
      await recorder?.flush();
      const oldest = notBefore();
      const asked = query.from === undefined ? oldest : new Date(query.from).toISOString();
      const from = asked < oldest ? oldest : asked;
      const to = new Date(query.to === undefined ? now() + 1 : query.to).toISOString();
      const { entries, total } = await store.window(id, from, to, MAX_JUNIT_CASES);
      const apiName = (await store.nameOf(id)) ?? `API ${id}`;
      return junitReport({ apiName, from, to, entries, leftOut: total - entries.length });
    },

    /**
     * Forwarded calls and their violations per operation and per hour or day (issue 28: which
     * operations of the backend break the document, and since when), counted over what the log keeps
     * of the window. A window of more than MAX_VIOLATION_BUCKETS buckets is refused.
     */
    async violations(
      reader: LogReader,
      apiMasterId: number,
      query: RequestLogViolationsQuery,
    ): Promise<RequestLogViolations> {
      const { apiMasterId: id } = await admit(reader, apiMasterId);
      const end = query.to === undefined ? now() : Date.parse(query.to);
      if (query.from !== undefined && Date.parse(query.from) >= end)
        throw new Invalid(violationTrendMessages.emptyWindow);
      const start = Math.max(query.from === undefined ? 0 : Date.parse(query.from), Date.parse(notBefore()));
      const bucket = query.bucket ?? (end - start <= HOURLY_VIOLATIONS_MAX_MS ? 'hour' : 'day');
      const size = VIOLATION_BUCKET_MS[bucket];
      const buckets = start < end ? Math.floor((end - 1) / size) - Math.floor(start / size) + 1 : 0;
      if (buckets > MAX_VIOLATION_BUCKETS)
        throw new Invalid(violationTrendMessages.tooManyBuckets(buckets, bucket));
      const from = new Date(Math.min(start, end)).toISOString();
      const to = new Date(end).toISOString();
      await recorder?.flush();
      const operations = start < end ? await store.violationTrend(id, from, to, bucket) : [];
      return { from, to, bucket, operations };
    },

    /** Clears the API's log, calls still waiting to be written included. */
    async clear(user: User, apiMasterId: number): Promise<void> {
      const api = await apis.apiOf(user, apiMasterId);
      await recorder?.forgetApi(api.id);
      await store.clear(api.id);
    },
  };
}

/**
 * How many of `items`, from the first, fit in an answer of `pageBytes`: one at least, which the caps
 * on each field keep far under any sensible bound.
 */
function fitting(items: LoggedRequest[], pageBytes: number): number {
  let bytes = PAGE_ENVELOPE_BYTES;
  for (let n = 0; n < items.length; n++) {
    bytes += Buffer.byteLength(JSON.stringify(items[n])) + 1;
    if (bytes > pageBytes) return Math.max(n, 1);
  }
  return items.length;
}

export type RequestLogService = ReturnType<typeof createRequestLogService>;
