import { createHash } from 'node:crypto';
import type { OutgoingHttpHeaders } from 'node:http';
import {
  ROLE_DEVELOPER,
  ZMessageResponse,
  ZRequestLogJunitQuery,
  ZRequestLogQuery,
  ZRequestLogViolationsQuery,
} from '@sandbox/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { currentUser } from '../auth/guard.js';
import { parseWith } from '../http/validate.js';
import type { LogReader, RequestLogService } from './service.js';
import type { RequestStreams } from './streams.js';

// Reading is open to the API's team and to its sandbox tokens (a CI job asserting what its app
// sent); clearing to Developers and Admins.
const read = { config: { apiToken: true } };
const write = { config: { minRole: ROLE_DEVELOPER } };
const ZApiParams = z.object({ apiMasterId: z.coerce.number().int().positive() });
const ZLastEventId = z.coerce.number().int().nonnegative().optional().catch(undefined);
const tags = ['Request log'];
const listSchema = {
  tags,
  summary: "The calls the API's sandbox answered, newest first, a page at a time",
  description: "Open to the API's team and to the API's sandbox tokens.",
  params: ZApiParams,
  querystring: ZRequestLogQuery,
  response: {
    200: {
      description:
        'A page of calls (RequestLogPage): `items`, `nextBefore` for the next, and `gaps`, the calls left out when the API was called faster than its log keeps; fewer than `limit` when more would pass REQUEST_LOG_PAGE_BYTES',
    },
  },
};
const clearSchema = {
  tags,
  summary: "Clear the API's request log",
  params: ZApiParams,
  response: { 200: ZMessageResponse },
};
const streamSchema = {
  tags,
  summary: 'The calls as they happen, as server-sent events (resumes after Last-Event-ID)',
  description:
    "Open to the API's team and to the API's sandbox tokens. Read with fetch(): EventSource cannot send the token.",
  params: ZApiParams,
  querystring: ZRequestLogQuery.omit({ before: true, limit: true }),
  headers: z.object({ 'last-event-id': z.string().optional().describe('The id of the last event received') }),
  response: {
    200: {
      description: 'One `data:` event per call (LoggedRequest), its id the entry id',
      content: { 'text/event-stream': { schema: z.string() } },
    },
    429: {
      description:
        'Too many streams open: the reader’s (10), the API’s (20), the team’s (REQUEST_LOG_TEAM_STREAMS) or the server’s (500); the message says which',
    },
  },
};

const junitSchema = {
  tags,
  summary: 'The calls of a time window as a JUnit report: one testcase per call, a failure per violation',
  description:
    "Open to the API's team and to the API's sandbox tokens: a CI job that ran its tests through the hosted proxy asks whether the backend kept the contract. `from` (at or after) and `to` (before) are ISO 8601; by default the whole log. At most MAX_JUNIT_CASES (5,000) calls, the newest.",
  params: ZApiParams,
  querystring: ZRequestLogJunitQuery,
  response: {
    200: {
      description: 'A JUnit XML report',
      content: { 'application/xml': { schema: z.string() } },
    },
  },
};

const violationsSchema = {
  tags,
  summary: 'Forwarded calls and their violations per operation, in total and per hour or day',
  description:
    "Open to the API's team and to the API's sandbox tokens. `from` (at or after, by default the oldest call the log keeps) and `to` (before, by default now) are ISO 8601; `bucket` is `hour` or `day` (UTC), by default hours up to 48 hours and days beyond. 400 when the window spans more than MAX_VIOLATION_BUCKETS (200) buckets.",
  params: ZApiParams,
  querystring: ZRequestLogViolationsQuery,
  response: {
    200: {
      description:
        'RequestLogViolations: the window counted (`from`, `to`, `bucket`) and per operation `calls`, `request` and `response` violations, with the same per bucket (`start`), oldest first',
    },
  },
};

function readerOf(request: FastifyRequest): LogReader {
  return request.user ? { user: currentUser(request) } : { token: request.apiToken ?? '' };
}

/** Who a stream is counted against: the user, or the token (by its digest: no token kept in memory). */
function readerKey(reader: LogReader): string {
  if ('user' in reader) return `user:${reader.user.id}`;
  return `token:${createHash('sha256').update(reader.token).digest('base64url')}`;
}

export function requestLogRoutes(
  app: FastifyInstance,
  log: RequestLogService,
  streams: RequestStreams,
): void {
  app.get('/api/api-config-master/:apiMasterId/requests', { ...read, schema: listSchema }, (request) =>
    log.list(
      readerOf(request),
      parseWith(ZApiParams, request.params).apiMasterId,
      parseWith(ZRequestLogQuery, request.query),
    ),
  );

  app.delete(
    '/api/api-config-master/:apiMasterId/requests',
    { ...write, schema: clearSchema },
    async (request) => {
      await log.clear(currentUser(request), parseWith(ZApiParams, request.params).apiMasterId);
      return { message: 'Request log cleared' };
    },
  );

  app.get(
    '/api/api-config-master/:apiMasterId/requests/junit',
    { ...read, schema: junitSchema },
    async (request, reply) => {
      const report = await log.junit(
        readerOf(request),
        parseWith(ZApiParams, request.params).apiMasterId,
        parseWith(ZRequestLogJunitQuery, request.query),
      );
      return reply.type('application/xml; charset=utf-8').send(report);
    },
  );

  app.get(
    '/api/api-config-master/:apiMasterId/requests/violations',
    { ...read, schema: violationsSchema },
    (request) =>
      log.violations(
        readerOf(request),
        parseWith(ZApiParams, request.params).apiMasterId,
        parseWith(ZRequestLogViolationsQuery, request.query),
      ),
  );

  // Server-sent events through fetch(): EventSource cannot send the Authorization header.
  app.get(
    '/api/api-config-master/:apiMasterId/requests/stream',
    { ...read, schema: streamSchema },
    async (request, reply) => {
      const reader = readerOf(request);
      const { apiMasterId, teamId } = await log.admit(
        reader,
        parseWith(ZApiParams, request.params).apiMasterId,
      );
      const { before: _before, limit: _limit, ...filters } = parseWith(ZRequestLogQuery, request.query);
      const place = streams.reserve({ apiMasterId, teamId, reader: readerKey(reader) });
      let cursor: number;
      try {
        cursor = await streams.cursorOf(apiMasterId, ZLastEventId.parse(request.headers['last-event-id']));
      } catch (error) {
        place.release();
        throw error;
      }
      reply.hijack();
      streams.start(reply.raw, place, reply.getHeaders() as OutgoingHttpHeaders, filters, cursor);
    },
  );
}
