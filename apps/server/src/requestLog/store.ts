import type {
  AnswerSource,
  LoggedRequest,
  OperationViolationTrend,
  RequestLogGap,
  RequestLogQuery,
  TruncatedField,
  ViolationBucketSize,
} from '@sandbox/contracts';
import { type Insertable, type Selectable, sql } from 'kysely';
import type { Db } from '../db/connection.js';
import type { RequestLogGapsTable, RequestLogTable } from '../db/schema.js';

type Row = Selectable<RequestLogTable>;
export type NewRow = Insertable<RequestLogTable>;
export type NewGap = Insertable<RequestLogGapsTable>;

/** What a list or a stream is narrowed to: the query's filters, paging aside. */
export type RequestLogFilters = Omit<RequestLogQuery, 'before' | 'limit'>;

const COLUMNS = [
  'api_master_id',
  'at',
  'method',
  'path',
  'query',
  'request_headers',
  'request_body',
  'request_body_truncated',
  'endpoint_id',
  'endpoint',
  'unmatched',
  'status',
  'response_headers',
  'response_body',
  'response_body_truncated',
  'duration_ms',
  'problems',
  'source',
  'simulated',
  'forwarded',
  'request_violations',
  'response_violations',
  'violations',
] as const satisfies readonly (keyof NewRow)[];

/** Rows of one multi-row insert on PostgreSQL: 23 parameters each, well under its 65,535. */
const INSERT_CHUNK = 1000;

/**
 * What was cut of an entry, one bit each in its two `*_truncated` columns: 1 is the body, all they
 * held before the other fields were cut too (so older entries read as they did, and no migration).
 */
const REQUEST_CUT = { body: 1, path: 2, query: 4, requestHeaders: 8 } as const;
const RESPONSE_CUT = { body: 1, responseHeaders: 2 } as const;

export interface CutFields {
  requestBody: boolean;
  responseBody: boolean;
  fields: TruncatedField[];
}

/** The `*_truncated` columns of an entry of which `cut` was cut. */
export function truncationColumns(cut: CutFields) {
  let request = cut.requestBody ? REQUEST_CUT.body : 0;
  let response = cut.responseBody ? RESPONSE_CUT.body : 0;
  for (const field of cut.fields) {
    if (field === 'responseHeaders') response |= RESPONSE_CUT.responseHeaders;
    else request |= REQUEST_CUT[field];
  }
  return { request_body_truncated: request, response_body_truncated: response };
}

function truncatedFields(row: Row): TruncatedField[] {
  const fields: TruncatedField[] = [];
  if (row.request_body_truncated & REQUEST_CUT.path) fields.push('path');
  if (row.request_body_truncated & REQUEST_CUT.query) fields.push('query');
  if (row.request_body_truncated & REQUEST_CUT.requestHeaders) fields.push('requestHeaders');
  if (row.response_body_truncated & RESPONSE_CUT.responseHeaders) fields.push('responseHeaders');
  return fields;
}

export function toLoggedRequest(row: Row): LoggedRequest {
  return {
    id: row.id,
    at: row.at,
    method: row.method,
    path: row.path,
    query: row.query,
    requestHeaders: JSON.parse(row.request_headers),
    requestBody: row.request_body,
    requestBodyTruncated: (row.request_body_truncated & REQUEST_CUT.body) !== 0,
    endpointId: row.endpoint_id,
    endpoint: row.endpoint,
    unmatched: row.unmatched,
    status: row.status,
    responseHeaders: JSON.parse(row.response_headers),
    responseBody: row.response_body,
    responseBodyTruncated: (row.response_body_truncated & RESPONSE_CUT.body) !== 0,
    durationMs: Number(row.duration_ms),
    problems: JSON.parse(row.problems),
    source: row.source as AnswerSource,
    simulated: row.simulated === null ? null : JSON.parse(row.simulated),
    truncatedFields: truncatedFields(row),
    ...(row.forwarded ? { forwarded: true, violations: JSON.parse(row.violations ?? '[]') } : {}),
  };
}

/** `%`, `_` and the escape itself taken literally in a LIKE pattern. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The request log's SQL, on either database. */
export function createRequestLogStore(db: Db) {
  const { kysely } = db;
  // SQLite's LIKE ignores the case of ASCII letters; PostgreSQL's needs ILIKE
  const like = sql.raw(db.dialect === 'postgres' ? 'ILIKE' : 'LIKE');

  function filtered(apiMasterId: number, filters: RequestLogFilters, notBefore: string) {
    let query = kysely
      .selectFrom('request_log')
      .selectAll()
      .where('api_master_id', '=', apiMasterId)
      .where('at', '>=', notBefore);
    if (filters.endpointId !== undefined) query = query.where('endpoint_id', '=', filters.endpointId);
    if (filters.method !== undefined) query = query.where('method', '=', filters.method);
    const { status, since, text } = filters;
    if (status !== undefined && /xx$/i.test(status)) {
      const low = Number(status[0]) * 100;
      query = query.where('status', '>=', low).where('status', '<=', low + 99);
    } else if (status !== undefined) query = query.where('status', '=', Number(status));
    if (since !== undefined) query = query.where('at', '>=', new Date(since).toISOString());
    if (filters.violations === 'request') query = query.where('request_violations', '>', 0);
    if (filters.violations === 'response') query = query.where('response_violations', '>', 0);
    if (text !== undefined && text !== '') {
      const pattern = `%${likeLiteral(text)}%`;
      const found = (column: 'path' | 'query' | 'request_body' | 'response_body') =>
        sql<boolean>`${sql.ref(column)} ${like} ${pattern} ESCAPE '\\'`;
      query = query.where((eb) =>
        eb.or([found('path'), found('query'), found('request_body'), found('response_body')]),
      );
    }
    return query;
  }

  const insertOnSqlite = db.sqlite && sqliteInsert(db.sqlite);

  return {
    /**
     * Writes a batch. A row of an API deleted meanwhile is left out; the others are written (on
     * SQLite row by row in one transaction, on PostgreSQL in one statement per chunk, again without
     * the deleted APIs' rows if a chunk is refused).
     */
    async insert(rows: NewRow[]): Promise<void> {
      if (insertOnSqlite) return insertOnSqlite(rows);
      for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
        const chunk = rows.slice(start, start + INSERT_CHUNK);
        try {
          await kysely.insertInto('request_log').values(chunk).execute();
        } catch (error) {
          const ids = [...new Set(chunk.map((r) => r.api_master_id))];
          const alive = await kysely.selectFrom('api_masters').select('id').where('id', 'in', ids).execute();
          const kept = chunk.filter((r) => alive.some((a) => a.id === r.api_master_id));
          if (kept.length === chunk.length) throw error;
          if (kept.length > 0) await kysely.insertInto('request_log').values(kept).execute();
        }
      }
    },

    /** Counts calls left out, one row per API of a batch that left some out. */
    async insertGaps(gaps: NewGap[]): Promise<void> {
      if (gaps.length === 0) return;
      // an API deleted meanwhile takes its gaps with it
      const ids = [...new Set(gaps.map((g) => g.api_master_id))];
      const alive = await kysely.selectFrom('api_masters').select('id').where('id', 'in', ids).execute();
      const kept = gaps.filter((g) => alive.some((a) => a.id === g.api_master_id));
      if (kept.length > 0) await kysely.insertInto('request_log_gaps').values(kept).execute();
    },

    /**
     * Keeps the API's newest `maxEntries` entries, none older than `notBefore`, and the gaps among
     * them: a gap older than every entry pruned has none around it any more (the one just before the
     * oldest entry kept stays).
     */
    async prune(apiMasterId: number, maxEntries: number, notBefore: string): Promise<void> {
      await sql`
        DELETE FROM request_log_gaps WHERE api_master_id = ${apiMasterId} AND (at < ${notBefore} OR at < (
          SELECT at FROM request_log WHERE api_master_id = ${apiMasterId}
          ORDER BY id DESC LIMIT 1 OFFSET ${maxEntries}
        ))
      `.execute(kysely);
      // Each condition its own delete, read through the index on (API, id) only as far as it must: in
      // one, either condition read every entry of the API at every batch, and on PostgreSQL every
      // entry deleted since the table was last vacuumed too.
      await sql`
        DELETE FROM request_log WHERE api_master_id = ${apiMasterId} AND id < (
          SELECT id FROM request_log WHERE api_master_id = ${apiMasterId}
          ORDER BY id DESC LIMIT 1 OFFSET ${maxEntries - 1}
        )
      `.execute(kysely);
      // entries past the age, looked for only when the API's oldest entry is one
      await sql`
        DELETE FROM request_log WHERE api_master_id = ${apiMasterId} AND at < ${notBefore} AND (
          SELECT at FROM request_log WHERE api_master_id = ${apiMasterId} ORDER BY id LIMIT 1
        ) < ${notBefore}
      `.execute(kysely);
    },

    /** Removes every API's entries older than `notBefore`. */
    async removeOlderThan(notBefore: string): Promise<void> {
      await kysely.deleteFrom('request_log').where('at', '<', notBefore).execute();
      await kysely.deleteFrom('request_log_gaps').where('at', '<', notBefore).execute();
    },

    async clear(apiMasterId: number): Promise<void> {
      await kysely.deleteFrom('request_log').where('api_master_id', '=', apiMasterId).execute();
      await kysely.deleteFrom('request_log_gaps').where('api_master_id', '=', apiMasterId).execute();
    },

    /** The API's gaps at or after `from`, newest first. */
    async gaps(apiMasterId: number, from: string): Promise<RequestLogGap[]> {
      return kysely
        .selectFrom('request_log_gaps')
        .select(['id', 'at', 'calls'])
        .where('api_master_id', '=', apiMasterId)
        .where('at', '>=', from)
        .orderBy('at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    /** Newest first, `limit` of them, older than `before` when given. */
    async list(
      apiMasterId: number,
      filters: RequestLogFilters,
      page: { before?: number; limit: number },
      notBefore: string,
    ): Promise<LoggedRequest[]> {
      let query = filtered(apiMasterId, filters, notBefore);
      if (page.before !== undefined) query = query.where('id', '<', page.before);
      const rows = await query.orderBy('id', 'desc').limit(page.limit).execute();
      return rows.map(toLoggedRequest);
    },

    /**
     * What a stream has not looked at yet: of the API's next `examine` entries after `afterId`,
     * those the filters keep, oldest first; and `through`, the last of those looked at, after which
     * the stream looks next (`afterId` when there was none). However rarely its filters match, a
     * stream reads each entry once.
     */
    async after(
      apiMasterId: number,
      afterId: number,
      filters: RequestLogFilters,
      notBefore: string,
      examine: number,
    ): Promise<{ entries: LoggedRequest[]; through: number }> {
      const next = kysely
        .selectFrom('request_log')
        .select('id')
        .where('api_master_id', '=', apiMasterId)
        .where('id', '>', afterId)
        .orderBy('id', 'asc')
        .limit(examine)
        .as('next');
      const window = await kysely
        .selectFrom(next)
        .select((eb) => eb.fn.max('id').as('through'))
        .executeTakeFirst();
      const through = window?.through == null ? afterId : Number(window.through);
      if (through === afterId) return { entries: [], through };
      const rows = await filtered(apiMasterId, filters, notBefore)
        .where('id', '>', afterId)
        .where('id', '<=', through)
        .orderBy('id', 'asc')
        .execute();
      return { entries: rows.map(toLoggedRequest), through };
    },

    /**
     * The API's entries from `from` (at or after) to `to` (before), oldest first, the newest `limit`
     * of them; and how many the window held in all.
     */
    async window(
      apiMasterId: number,
      from: string,
      to: string,
      limit: number,
    ): Promise<{ entries: LoggedRequest[]; total: number }> {
      const inWindow = kysely
        .selectFrom('request_log')
        .where('api_master_id', '=', apiMasterId)
        .where('at', '>=', from)
        .where('at', '<', to);
      const [rows, count] = await Promise.all([
        inWindow.selectAll().orderBy('id', 'desc').limit(limit).execute(),
        inWindow.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
      ]);
      return { entries: rows.reverse().map(toLoggedRequest), total: Number(count?.n ?? 0) };
    },

    /**
     * The API's forwarded calls from `from` (at or after) to `to` (before), counted in the database
     * per operation and UTC hour or day, most violations first. `at` is ISO 8601 text in UTC
     * (`2026-03-01T12:34:56.789Z`), so its first 13 or 10 characters name its hour or day on either
     * database.
     */
    async violationTrend(
      apiMasterId: number,
      from: string,
      to: string,
      bucket: ViolationBucketSize,
    ): Promise<OperationViolationTrend[]> {
      const operation = sql<string>`COALESCE(endpoint, method || ' ' || path)`;
      const slot = sql<string>`substr(at, 1, ${sql.lit(bucket === 'hour' ? 13 : 10)})`;
      const rows = await kysely
        .selectFrom('request_log')
        .select((eb) => [
          operation.as('operation'),
          slot.as('slot'),
          eb.fn.countAll<number | string>().as('calls'),
          eb.fn.sum<number | string>('request_violations').as('request'),
          eb.fn.sum<number | string>('response_violations').as('response'),
        ])
        .where('api_master_id', '=', apiMasterId)
        .where('forwarded', '=', 1)
        .where('at', '>=', from)
        .where('at', '<', to)
        .groupBy([operation, slot])
        .orderBy(slot)
        .execute();
      const suffix = bucket === 'hour' ? ':00:00.000Z' : 'T00:00:00.000Z';
      const byOperation = new Map<string, OperationViolationTrend>();
      for (const row of rows) {
        const tally = {
          calls: Number(row.calls),
          request: Number(row.request),
          response: Number(row.response),
        };
        let trend = byOperation.get(row.operation);
        if (!trend) {
          trend = { operation: row.operation, calls: 0, request: 0, response: 0, buckets: [] };
          byOperation.set(row.operation, trend);
        }
        trend.calls += tally.calls;
        trend.request += tally.request;
        trend.response += tally.response;
        trend.buckets.push({ start: `${row.slot}${suffix}`, ...tally });
      }
      const violations = (t: OperationViolationTrend) => t.request + t.response;
      return [...byOperation.values()].sort(
        (a, b) => violations(b) - violations(a) || a.operation.localeCompare(b.operation),
      );
    },

    async nameOf(apiMasterId: number): Promise<string | undefined> {
      const row = await kysely
        .selectFrom('api_masters')
        .select('name')
        .where('id', '=', apiMasterId)
        .executeTakeFirst();
      return row?.name;
    },

    /** The team an API belongs to (undefined once it is gone): streams are counted per team. */
    async teamOf(apiMasterId: number): Promise<number | undefined> {
      const row = await kysely
        .selectFrom('api_masters')
        .select('team_id')
        .where('id', '=', apiMasterId)
        .executeTakeFirst();
      return row?.team_id;
    },

    /** The API's newest entry's id; 0 when it has none. */
    async latestId(apiMasterId: number): Promise<number> {
      const row = await kysely
        .selectFrom('request_log')
        .select((eb) => eb.fn.max('id').as('id'))
        .where('api_master_id', '=', apiMasterId)
        .executeTakeFirst();
      return Number(row?.id ?? 0);
    },
  };
}

/**
 * On the embedded database a batch is one transaction of one prepared statement: no SQL to build
 * for a thousand rows, and a row of a deleted API fails alone (SQLite undoes the statement, not the
 * transaction).
 */
function sqliteInsert(sqlite: NonNullable<Db['sqlite']>) {
  const statement = sqlite.prepare(
    `INSERT INTO request_log (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map(() => '?').join(', ')})`,
  );
  const insertAll = sqlite.transaction((rows: NewRow[]) => {
    for (const row of rows) {
      try {
        statement.run(COLUMNS.map((column) => row[column] ?? null));
      } catch (error) {
        if ((error as { code?: string }).code !== 'SQLITE_CONSTRAINT_FOREIGNKEY') throw error;
      }
    }
  });
  return async (rows: NewRow[]) => {
    insertAll(rows);
  };
}

export type RequestLogStore = ReturnType<typeof createRequestLogStore>;
