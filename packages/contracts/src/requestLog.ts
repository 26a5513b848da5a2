import { z } from 'zod';
import { type LoggedViolation, VIOLATION_DIRECTIONS } from './upstream.js';

// The sandbox's request log and traffic simulation: what a deployed API received and answered, and
// the delays and failures it is told to add.

export const requestLogPaths = {
  /** GET (filters and paging: RequestLogQuery) and DELETE (clears the API's log). */
  list: (apiMasterId: number | string) => `/api/api-config-master/${apiMasterId}/requests`,
  /** Server-sent events: one `request` event per new entry (a LoggedRequest), newest as they come. */
  stream: (apiMasterId: number | string) => `/api/api-config-master/${apiMasterId}/requests/stream`,
  /** GET (`from`, `to`: RequestLogJunitQuery): the calls of a time window as a JUnit report, one testcase each. */
  junit: (apiMasterId: number | string) => `/api/api-config-master/${apiMasterId}/requests/junit`,
  /** GET (`from`, `to`, `bucket`: RequestLogViolationsQuery): forwarded calls and violations per operation and time bucket. */
  violations: (apiMasterId: number | string) => `/api/api-config-master/${apiMasterId}/requests/violations`,
  apiBehaviour: (apiMasterId: number | string) => `/api/api-config-master/${apiMasterId}/behaviour`,
  endpointBehaviour: (apiMasterId: number | string, endpointId: number | string) =>
    `/api/api-config/${apiMasterId}/${endpointId}/behaviour`,
} as const;

/** Where a logged answer came from. */
export const ANSWER_SOURCES = [
  'record', // a stored record of a stateful collection
  'test-data', // the endpoint's uploaded test data
  'example', // an example the document declares
  'generated', // values generated from the schema
  'problem', // the sandbox's own error (validation, not found, auth, limits)
  'simulated', // a failure the traffic simulation chose
  'upstream', // the API's Upstream URL answered (the hosted proxy)
  'none', // no body
] as const;
export type AnswerSource = (typeof ANSWER_SOURCES)[number];

export interface LoggedProblem {
  location: string;
  message: string;
}

export interface LoggedRequest {
  id: number;
  /** ISO 8601, when the request arrived. */
  at: string;
  method: string;
  /** The path within the API, as sent (`/pets/12`). */
  path: string;
  /** The query string as sent, without `?`; empty when none. */
  query: string;
  /** Credentials (Authorization, Cookie, API-key headers) masked. */
  requestHeaders: Record<string, string>;
  requestBody: string | null;
  requestBodyTruncated: boolean;
  /** The endpoint that matched, or null with `unmatched` saying why none did. */
  endpointId: number | null;
  /** `GET /pets/{petId}` */
  endpoint: string | null;
  unmatched: string | null;
  /** 0 when the simulation dropped the connection. */
  status: number;
  responseHeaders: Record<string, string>;
  responseBody: string | null;
  responseBodyTruncated: boolean;
  durationMs: number;
  problems: LoggedProblem[];
  source: AnswerSource;
  /** What the traffic simulation did to this call; null when it did nothing. */
  simulated: { delayMs: number; failed: boolean } | null;
  /**
   * The fields besides the bodies that were cut to the log's caps (a header's name or value, or
   * headers past the count kept); empty when none was. Absent from servers that never cut them.
   */
  truncatedFields?: TruncatedField[];
  /** Forwarded to the API's Upstream URL (the hosted proxy) rather than answered by the sandbox. */
  forwarded?: boolean;
  /** What of a forwarded exchange broke the document, request's first; empty when nothing did. */
  violations?: LoggedViolation[];
}

/** Fields of a LoggedRequest the log may cut to its caps (bodies say so in their own flags). */
export const TRUNCATED_FIELDS = ['path', 'query', 'requestHeaders', 'responseHeaders'] as const;
export type TruncatedField = (typeof TRUNCATED_FIELDS)[number];

export const ZRequestLogQuery = z.object({
  endpointId: z.coerce.number().int().positive().optional(),
  method: z
    .string()
    .regex(/^[A-Za-z]+$/)
    .transform((m) => m.toUpperCase())
    .optional(),
  /** One code (`404`) or a class (`4xx`); `0` for dropped connections. */
  status: z
    .string()
    .regex(/^(?:[1-5](?:\d\d|xx)|0)$/i)
    .optional(),
  /** ISO 8601: entries at or after it. */
  since: z.iso.datetime({ offset: true }).optional(),
  /** Found in the path, query or either body, case-insensitive. */
  text: z.string().max(200).optional(),
  /** Forwarded exchanges whose request (`request`) or response (`response`) broke the document. */
  violations: z.enum(VIOLATION_DIRECTIONS).optional(),
  /** Entries older than this id (the next page of a newest-first list). */
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type RequestLogQuery = z.infer<typeof ZRequestLogQuery>;

/** The time window of a JUnit report: `from` at or after, `to` before; by default the whole log. */
export const ZRequestLogJunitQuery = z.object({
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});
export type RequestLogJunitQuery = z.infer<typeof ZRequestLogJunitQuery>;

/** The most calls one JUnit report lists, newest; a report of more says how many it left out. */
export const MAX_JUNIT_CASES = 5000;

/** The spans a count of violations is cut into: UTC hours or UTC days. */
export const VIOLATION_BUCKETS = ['hour', 'day'] as const;
export type ViolationBucketSize = (typeof VIOLATION_BUCKETS)[number];
export const VIOLATION_BUCKET_MS: Record<ViolationBucketSize, number> = { hour: 3_600_000, day: 86_400_000 };

/** The most buckets one count of violations spans: a longer span needs a larger bucket. */
export const MAX_VIOLATION_BUCKETS = 200;

/** Up to this span, a count of violations is cut into hours unless told otherwise; beyond, into days. */
export const HOURLY_VIOLATIONS_MAX_MS = 48 * 3_600_000;

/**
 * The time window of a count of violations: `from` at or after (by default the oldest call the log
 * keeps), `to` before (by default now); `bucket` by default hours up to 48 hours, days beyond.
 */
export const ZRequestLogViolationsQuery = z.object({
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  bucket: z.enum(VIOLATION_BUCKETS).optional(),
});
export type RequestLogViolationsQuery = z.infer<typeof ZRequestLogViolationsQuery>;

/** Forwarded calls, and the violations found of their requests and of their responses. */
export interface ViolationTally {
  calls: number;
  request: number;
  response: number;
}

export interface ViolationBucket extends ViolationTally {
  /** ISO 8601: the bucket's start (a UTC hour or day); it ends one bucket later. */
  start: string;
}

export interface OperationViolationTrend extends ViolationTally {
  /** `GET /pet/{petId}` as the log records it, or the method and path of a call no operation matched. */
  operation: string;
  /** Oldest first; only the buckets that had a forwarded call of the operation. */
  buckets: ViolationBucket[];
}

/** What GET requestLogPaths.violations answers. */
export interface RequestLogViolations {
  /** ISO 8601: the window counted, `from` at or after (no older than the log keeps), `to` before. */
  from: string;
  to: string;
  bucket: ViolationBucketSize;
  /** The operations with a forwarded call in the window, most violations first. */
  operations: OperationViolationTrend[];
}

export const violationTrendMessages = {
  emptyWindow: '`from` must be before `to`',
  tooManyBuckets: (buckets: number, bucket: ViolationBucketSize) =>
    `The window spans ${buckets} ${bucket}s, more than ${MAX_VIOLATION_BUCKETS}: ask for a shorter window${
      bucket === 'hour' ? ' or bucket=day' : ''
    }`,
} as const;

/**
 * Calls the log left out: an API called faster than its log keeps (about 500 calls a second) has the
 * rest of its calls dropped, and each drop is counted at the arrival of the last call it left out.
 */
export interface RequestLogGap {
  id: number;
  /** ISO 8601: the calls left out arrived before it (and after the API's calls logged before it). */
  at: string;
  calls: number;
}

export interface RequestLogPage {
  /** Newest first; fewer than `limit` when their size would pass the server's bound on an answer. */
  items: LoggedRequest[];
  /** Pass as `before` for the next page; null when there is none. */
  nextBefore: number | null;
  /**
   * The API's gaps, newest first, whatever the filters: those at or after this page's last entry
   * (every one still kept, on the last page). A gap may come again with a later page.
   */
  gaps: RequestLogGap[];
}

/** Why a stream of the log was refused (429): a cap on the streams open at once was reached. */
export const requestLogStreamRefusals = {
  reader: 'You have too many request log streams open; close one (another tab or job) first',
  api: 'This API has too many request log streams open; close one first',
  team: 'Your team has too many request log streams open (Requests screens and jobs reading the log); close one first',
  server: 'The server has too many request log streams open; try again later',
} as const;

export const MAX_SIMULATED_DELAY_MS = 60_000;

/** 0 drops the connection; otherwise a status the endpoint declares, or one of SIMULATED_FAILURES. */
export const SIMULATED_FAILURES = [500, 502, 503, 504, 0] as const;

export const ZBehaviour = z
  .object({
    delayMs: z.number().int().min(0).max(MAX_SIMULATED_DELAY_MS).default(0),
    /** With it, the delay is random between delayMs and delayMaxMs. */
    delayMaxMs: z.number().int().min(0).max(MAX_SIMULATED_DELAY_MS).nullable().default(null),
    /** Percent of calls answered with failureStatus, 0–100. */
    failureRate: z.number().min(0).max(100).default(0),
    failureStatus: z
      .number()
      .int()
      .refine(
        // 1xx are not final answers: a proxy in front could take one for a switch of protocol
        (s) => s === 0 || (s >= 200 && s <= 599),
        'A status from 200 to 599, or 0 to drop the connection',
      )
      .default(500),
  })
  .refine((b) => b.delayMaxMs === null || b.delayMaxMs >= b.delayMs, {
    message: 'The longest delay must not be shorter than the shortest',
    path: ['delayMaxMs'],
  });
export type Behaviour = z.infer<typeof ZBehaviour>;

/** A request with this header set to `off` is answered without simulated delays or failures. */
export const SIMULATION_OPT_OUT_HEADER = 'x-sandbox-simulation';

/** What saving a behaviour answers, and why one is refused. */
export const behaviourMessages = {
  saved: 'Behaviour saved',
  removed: 'Behaviour removed',
  endpointStatus:
    'The failure status must be one the endpoint declares, 500, 502, 503 or 504, or 0 to drop the connection',
  apiStatus: 'The failure status must be from 400 to 599, or 0 to drop the connection',
} as const;
