import type { TruncatedField } from '@sandbox/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { LoggedFieldCaps, RequestLogSettings } from '../config.js';
import { type CapturedCall, maskedHeaders, maskedQuery, routeOf } from '../sandbox/service.js';
import { cutHeaders, cutText } from './cutFields.js';
import { type NewGap, type NewRow, type RequestLogStore, truncationColumns } from './store.js';

const DAY_MS = 86_400_000;
const SWEEP_MS = 3_600_000;

export interface RecorderOptions extends Pick<RequestLogSettings, 'maxEntries' | 'maxAgeDays' | 'fieldCaps'> {
  /** The clock entries are stamped and aged by (tests move it). */
  now: () => number;
  log: FastifyBaseLogger;
  /** How long a call waits in memory before it is written with the others (default 200 ms). */
  flushMs?: number;
  /**
   * What the queue may hold (default 10,000 calls and 32 MB): beyond, the oldest calls are dropped,
   * so a flood of calls, however anonymous and large, cannot grow the server's memory.
   */
  queueEntries?: number;
  queueBytes?: number;
  /** Calls of one API written per batch, its newest (default 100, or maxEntries if fewer). */
  perBatch?: number;
}

/**
 * The request log's writer, off the sandbox's hot path: a call is queued in memory as answered and
 * written with the others of its ~200 ms in one insert, after which each API's log is pruned to its
 * newest entries and its age. A batch keeps an API's newest 100 calls (500 a second): an API called
 * faster has the rest of its calls left out, so that logging costs the sandbox a bounded share of its
 * time whatever the load (writing a call costs about as much as answering a simple one).
 */
export function createRequestRecorder(store: RequestLogStore, options: RecorderOptions) {
  const { now, log, maxEntries, fieldCaps } = options;
  const flushMs = options.flushMs ?? 200;
  const queueEntries = options.queueEntries ?? 10_000;
  const queueBytes = options.queueBytes ?? 32 * 1024 * 1024;
  const perBatch = Math.min(options.perBatch ?? 100, maxEntries);
  const maxAgeMs = options.maxAgeDays * DAY_MS;

  /** Per API, its calls waiting to be written, oldest first (a Map keeps the APIs in first-call order). */
  let queue = new Map<number, CapturedCall[]>();
  let queued = 0;
  let queuedBytes = 0;
  /**
   * Per API, the calls left out since the last batch (past the per-API share, or the queue's bound)
   * and when the last of them arrived: the batch writes each as a gap in the API's log.
   */
  let gaps = new Map<number, { calls: number; at: number }>();
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> | undefined;
  let lastSweep = 0;
  const listeners = new Set<(apiMasterIds: Set<number>) => void>();

  const notBefore = () => new Date(now() - maxAgeMs).toISOString();

  function dropOldest(calls: CapturedCall[]): void {
    const gone = calls.shift() as CapturedCall;
    queued -= 1;
    queuedBytes -= gone.bytes;
    const gap = gaps.get(gone.apiMasterId);
    if (gap) {
      gap.calls += 1;
      gap.at = Math.max(gap.at, gone.at);
    } else gaps.set(gone.apiMasterId, { calls: 1, at: gone.at });
  }

  function record(call: CapturedCall): void {
    let calls = queue.get(call.apiMasterId);
    if (calls === undefined) {
      calls = [];
      queue.set(call.apiMasterId, calls);
    }
    calls.push(call);
    queued += 1;
    queuedBytes += call.bytes;
    if (calls.length > perBatch) dropOldest(calls);
    // past the queue's bound: the oldest calls of the API called the longest ago, else this one's
    while (queued > queueEntries || queuedBytes > queueBytes) {
      const [first] = queue.values();
      dropOldest(first.length > 0 && first !== calls ? first : calls);
      if (first.length === 0) queue.delete(queue.keys().next().value as number);
    }
    if (timer === undefined) {
      timer = setTimeout(() => void flushQueue(), flushMs);
      timer.unref();
    }
  }

  function take(): { calls: Map<number, CapturedCall[]>; gaps: NewGap[] } {
    const batch = queue;
    queue = new Map();
    queued = 0;
    queuedBytes = 0;
    const left = [...gaps].map(([apiMasterId, gap]) => ({
      api_master_id: apiMasterId,
      at: new Date(gap.at).toISOString(),
      calls: gap.calls,
    }));
    gaps = new Map();
    return { calls: batch, gaps: left };
  }

  async function write({ calls: batch, gaps: left }: ReturnType<typeof take>): Promise<void> {
    const rows: NewRow[] = [];
    for (const calls of batch.values()) for (const call of calls) rows.push(toRow(call, fieldCaps));
    await store.insert(rows);
    await store.insertGaps(left);
    const cutoff = notBefore();
    for (const apiMasterId of batch.keys()) await store.prune(apiMasterId, maxEntries, cutoff);
    // every API's old entries, those of APIs no longer called included
    if (now() - lastSweep >= SWEEP_MS) {
      lastSweep = now();
      await store.removeOlderThan(cutoff);
    }
    const apiMasterIds = new Set(batch.keys());
    for (const listener of listeners) listener(apiMasterIds);
  }

  async function flushQueue(): Promise<void> {
    timer = undefined;
    while (flushing) await flushing;
    const batch = take();
    if (batch.calls.size === 0 && batch.gaps.length === 0) return;
    const dropped = batch.gaps.reduce((sum, gap) => sum + gap.calls, 0);
    if (dropped > 0) {
      log.warn(
        { dropped },
        'request log: calls came faster than the log keeps them; the oldest were left out',
      );
    }
    flushing = write(batch)
      .catch((error) => log.warn({ err: error }, 'request log: a batch could not be written'))
      .finally(() => {
        flushing = undefined;
      });
    await flushing;
  }

  return {
    /** The time a call arrived, by the log's clock. */
    now,

    /** Queues an answered call; the hot path's only cost. */
    record,

    /** Writes what is queued now (tests, a clear, shutting down). */
    flush: flushQueue,

    /** Drops what is queued of an API whose log is being cleared, once any write under way is done. */
    async forgetApi(apiMasterId: number): Promise<void> {
      while (flushing) await flushing;
      const calls = queue.get(apiMasterId) ?? [];
      for (const call of calls) {
        queued -= 1;
        queuedBytes -= call.bytes;
      }
      queue.delete(apiMasterId);
      gaps.delete(apiMasterId);
    },

    /** Told, after each write, which APIs' logs gained entries. */
    onWritten(listener: (apiMasterIds: Set<number>) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    async close(): Promise<void> {
      clearTimeout(timer);
      await flushQueue();
    },
  };
}

export type RequestRecorder = ReturnType<typeof createRequestRecorder>;

/** The call as its entry is written: credentials masked, each field cut to its cap. */
function toRow(call: CapturedCall, caps: LoggedFieldCaps): NewRow {
  const { endpointId, endpoint, unmatched } = routeOf(call.route);
  const path = cutText(call.path, caps.pathChars);
  const query = cutText(maskedQuery(call.query, call.credentialNames.query), caps.queryChars);
  const requestHeaders = cutHeaders(maskedHeaders(call.requestHeaders, call.credentialNames.headers), caps);
  const responseHeaders = cutHeaders(call.responseHeaders, caps);
  const requestBody = call.requestBody === null ? null : cutText(call.requestBody, caps.bodyChars);
  const responseBody = call.responseBody === null ? null : cutText(call.responseBody, caps.bodyChars);
  const fields: TruncatedField[] = [];
  if (path.cut) fields.push('path');
  if (query.cut) fields.push('query');
  if (requestHeaders.cut) fields.push('requestHeaders');
  if (responseHeaders.cut) fields.push('responseHeaders');
  return {
    api_master_id: call.apiMasterId,
    at: new Date(call.at).toISOString(),
    method: call.method,
    path: path.text,
    query: query.text,
    request_headers: JSON.stringify(requestHeaders.headers),
    request_body: requestBody?.text ?? null,
    endpoint_id: endpointId,
    endpoint,
    unmatched,
    status: call.status,
    response_headers: JSON.stringify(responseHeaders.headers),
    response_body: responseBody?.text ?? null,
    duration_ms: call.durationMs,
    problems: JSON.stringify(call.problems),
    source: call.source,
    simulated: call.simulated === null ? null : JSON.stringify(call.simulated),
    forwarded: call.forwarded ? 1 : 0,
    request_violations: call.violations.filter((v) => v.direction === 'request').length,
    response_violations: call.violations.filter((v) => v.direction === 'response').length,
    violations: call.forwarded ? JSON.stringify(call.violations) : null,
    ...truncationColumns({
      requestBody: call.requestBodyTruncated || Boolean(requestBody?.cut),
      responseBody: call.responseBodyTruncated || Boolean(responseBody?.cut),
      fields,
    }),
  };
}
