import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { LoggedRequest } from '@sandbox/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { TooManyRequests } from '../http/errors.js';
import type { RequestRecorder } from './recorder.js';
import type { RequestLogFilters, RequestLogStore } from './store.js';

// Live request logs as server-sent events. Each open stream reads the database for entries after the
// last it sent, every `pollMs` and at once when this instance has written some of its API's: so a
// stream also sees the calls other instances on the same PostgreSQL answered.

export interface StreamOptions {
  log: FastifyBaseLogger;
  /** How often a stream looks for entries other instances wrote (default 500 ms). */
  pollMs?: number;
  /** A comment line this often keeps proxies from closing a quiet stream (default 15 s). */
  heartbeatMs?: number;
  /** Streams open at once: per API (default 20), per reader (10) and on this instance (500). */
  maxPerApi?: number;
  maxPerReader?: number;
  maxOpen?: number;
}

/** Entries a stream reads at once; it reads again at once while there are more. */
const PAGE = 100;
/** A reader that lets this much go unread is sent nothing more until it catches up. */
const MAX_UNREAD_BYTES = 1024 * 1024;

/** A stream's place among those open, taken before it starts. */
export interface StreamPlace {
  apiMasterId: number;
  release: () => void;
}

interface Stream {
  apiMasterId: number;
  release: () => void;
  res: ServerResponse;
  filters: RequestLogFilters;
  cursor: number;
  reading: boolean;
  /** Written to while reading: read again once done. */
  stale: boolean;
  timers: NodeJS.Timeout[];
}

export function createRequestStreams(
  store: RequestLogStore,
  recorder: RequestRecorder | undefined,
  notBefore: () => string,
  options: StreamOptions,
) {
  const pollMs = options.pollMs ?? 500;
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  const limits = { api: options.maxPerApi ?? 20, reader: options.maxPerReader ?? 10 };
  const maxOpen = options.maxOpen ?? 500;
  const open = new Set<Stream>();
  const counts = { api: new Map<number, number>(), reader: new Map<string, number>() };

  recorder?.onWritten((apiMasterIds) => {
    for (const stream of open) if (apiMasterIds.has(stream.apiMasterId)) void read(stream);
  });

  const count = <K>(map: Map<K, number>, key: K, by: number) => {
    const next = (map.get(key) ?? 0) + by;
    if (next === 0) map.delete(key);
    else map.set(key, next);
  };

  async function read(stream: Stream): Promise<void> {
    if (stream.reading) {
      stream.stale = true;
      return;
    }
    if (stream.res.writableLength > MAX_UNREAD_BYTES || stream.res.destroyed) return;
    stream.reading = true;
    try {
      let entries: LoggedRequest[];
      do {
        stream.stale = false;
        entries = await store.after(stream.apiMasterId, stream.cursor, stream.filters, notBefore(), PAGE);
        if (!open.has(stream)) return;
        for (const entry of entries) {
          stream.res.write(`event: request\nid: ${entry.id}\ndata: ${JSON.stringify(entry)}\n\n`);
          stream.cursor = entry.id;
        }
      } while ((entries.length === PAGE || stream.stale) && stream.res.writableLength <= MAX_UNREAD_BYTES);
    } catch (error) {
      options.log.warn({ err: error }, 'request log stream: reading new entries failed');
    } finally {
      stream.reading = false;
    }
  }

  function close(stream: Stream): void {
    if (!open.delete(stream)) return;
    for (const timer of stream.timers) clearInterval(timer);
    stream.release();
    if (!stream.res.writableEnded) stream.res.end();
  }

  return {
    /**
     * Takes a place for a stream of the API's log, or refuses with 429 when the API, the reader or
     * this instance has as many open as it may. `reader` names who asks (a user, a token).
     */
    reserve(apiMasterId: number, reader: string): StreamPlace {
      const full =
        open.size >= maxOpen ||
        (counts.api.get(apiMasterId) ?? 0) >= limits.api ||
        (counts.reader.get(reader) ?? 0) >= limits.reader;
      if (full) throw new TooManyRequests('Too many request log streams are open; close one first', 5);
      count(counts.api, apiMasterId, 1);
      count(counts.reader, reader, 1);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        count(counts.api, apiMasterId, -1);
        count(counts.reader, reader, -1);
      };
      return { apiMasterId, release };
    },

    /** Where a stream starts: after `lastEventId` when a client resumes, else after the newest entry. */
    async cursorOf(apiMasterId: number, lastEventId: number | undefined): Promise<number> {
      return lastEventId ?? (await store.latestId(apiMasterId));
    },

    /**
     * Streams the API's entries after `cursor` to `res`, until the client goes or the server closes,
     * in the place `reserve` took. `headers` are the app's own (security headers) to send as well.
     */
    start(
      res: ServerResponse,
      place: StreamPlace,
      headers: OutgoingHttpHeaders,
      filters: RequestLogFilters,
      cursor: number,
    ): void {
      const stream: Stream = {
        apiMasterId: place.apiMasterId,
        release: place.release,
        res,
        filters,
        cursor,
        reading: false,
        stale: false,
        timers: [],
      };
      res.writeHead(200, {
        ...headers,
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
      });
      // a first line, so a client's fetch() resolves as soon as the stream is open
      res.write(': open\n\n');
      open.add(stream);
      res.on('close', () => close(stream));
      stream.timers.push(
        setInterval(() => void read(stream), pollMs),
        setInterval(() => res.write(': heartbeat\n\n'), heartbeatMs),
      );
      // a client resuming may have missed entries already written
      void read(stream);
    },

    /** Ends every open stream: the server is closing. */
    closeAll(): void {
      for (const stream of open) close(stream);
    },
  };
}

export type RequestStreams = ReturnType<typeof createRequestStreams>;
