import type { FastifyBaseLogger } from 'fastify';
import type { RequestLogSettings } from '../config.js';
import { type CapturedCall, maskedHeaders, maskedQuery, routeOf } from './capture.js';
import type { NewRow, RequestLogStore } from './store.js';

const DAY_MS = 86_400_000;
const SWEEP_MS = 3_600_000;

export interface RecorderOptions extends Omit<RequestLogSettings, 'enabled'> {
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
}

/**
 * The request log's writer, off the sandbox's hot path: a call is queued in memory as answered and
 * written with the others of its ~200 ms in one insert, after which each API's log is pruned to its
 * newest entries and its age. Only an API's newest `maxEntries` calls of a batch are written: older
 * ones would be pruned at once.
 */
export function createRequestRecorder(store: RequestLogStore, options: RecorderOptions) {
  const { now, log, maxEntries } = options;
  const flushMs = options.flushMs ?? 200;
  const queueEntries = options.queueEntries ?? 10_000;
  const queueBytes = options.queueBytes ?? 32 * 1024 * 1024;
  const maxAgeMs = options.maxAgeDays * DAY_MS;

  let queue: (CapturedCall | undefined)[] = [];
  /** Queue entries before it were dropped (set to undefined): the queue starts there. */
  let head = 0;
  let queuedBytes = 0;
  let dropped = 0;
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> | undefined;
  let lastSweep = 0;
  const listeners = new Set<(apiMasterIds: Set<number>) => void>();

  const notBefore = () => new Date(now() - maxAgeMs).toISOString();

  function take(): CapturedCall[] {
    const batch = queue.slice(head) as CapturedCall[];
    queue = [];
    head = 0;
    queuedBytes = 0;
    return batch;
  }

  async function write(batch: CapturedCall[]): Promise<void> {
    const perApi = new Map<number, number>();
    const rows: NewRow[] = [];
    for (let i = batch.length - 1; i >= 0; i--) {
      const call = batch[i];
      const count = perApi.get(call.apiMasterId) ?? 0;
      perApi.set(call.apiMasterId, count + 1);
      if (count < maxEntries) rows.push(toRow(call));
    }
    rows.reverse();
    await store.insert(rows);
    const cutoff = notBefore();
    for (const apiMasterId of perApi.keys()) await store.prune(apiMasterId, maxEntries, cutoff);
    // every API's old entries, those of APIs no longer called included
    if (now() - lastSweep >= SWEEP_MS) {
      lastSweep = now();
      await store.removeOlderThan(cutoff);
    }
    const apiMasterIds = new Set(perApi.keys());
    for (const listener of listeners) listener(apiMasterIds);
  }

  async function flushQueue(): Promise<void> {
    timer = undefined;
    while (flushing) await flushing;
    const batch = take();
    if (batch.length === 0) return;
    if (dropped > 0) {
      log.warn(
        { dropped },
        'request log: calls arrived faster than they could be written; the oldest were dropped',
      );
      dropped = 0;
    }
    flushing = write(batch)
      .catch((error) => log.warn({ err: error }, 'request log: a batch could not be written'))
      .finally(() => {
        flushing = undefined;
      });
    await flushing;
  }

  function record(call: CapturedCall): void {
    queue.push(call);
    queuedBytes += call.bytes;
    while (queue.length - head > queueEntries || queuedBytes > queueBytes) {
      queuedBytes -= (queue[head] as CapturedCall).bytes;
      queue[head++] = undefined;
      dropped += 1;
    }
    if (head > queueEntries) {
      queue = queue.slice(head);
      head = 0;
    }
    if (timer === undefined) {
      timer = setTimeout(() => void flushQueue(), flushMs);
      timer.unref();
    }
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
      const kept = take().filter((call) => call.apiMasterId !== apiMasterId);
      for (const call of kept) record(call);
    },

    /** Told, after each write, which APIs' logs gained entries. */
    onWritten(listener: (apiMasterIds: Set<number>) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    notBefore,

    async close(): Promise<void> {
      clearTimeout(timer);
      await flushQueue();
    },
  };
}

export type RequestRecorder = ReturnType<typeof createRequestRecorder>;

function toRow(call: CapturedCall): NewRow {
  const { endpointId, endpoint, unmatched } = routeOf(call.route);
  return {
    api_master_id: call.apiMasterId,
    at: new Date(call.at).toISOString(),
    method: call.method,
    path: call.path,
    query: maskedQuery(call.query, call.credentialNames.query),
    request_headers: JSON.stringify(maskedHeaders(call.requestHeaders, call.credentialNames.headers)),
    request_body: call.requestBody,
    request_body_truncated: call.requestBodyTruncated ? 1 : 0,
    endpoint_id: endpointId,
    endpoint,
    unmatched,
    status: call.status,
    response_headers: JSON.stringify(call.responseHeaders),
    response_body: call.responseBody,
    response_body_truncated: call.responseBodyTruncated ? 1 : 0,
    duration_ms: call.durationMs,
    problems: JSON.stringify(call.problems),
    source: call.source,
    simulated: call.simulated === null ? null : JSON.stringify(call.simulated),
  };
}
