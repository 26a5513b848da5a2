import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { setImmediate as yieldToOthers } from 'node:timers/promises';
import { requestLogStreamRefusals } from '@sandbox/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { TooManyRequests } from '../http/errors.js';
import type { RequestRecorder } from './recorder.js';
import type { RequestLogFilters, RequestLogStore } from './store.js';

// Live request logs as server-sent events. A stream reads when it is told its API's log gained
// entries: at once by this instance's writer, and by a look every `pollMs` at the newest id of each
// API followed, for what other instances on the same PostgreSQL wrote. A stream's cursor moves past
// every entry it looked at, matched or not: an idle stream costs nothing, however much is stored.

export interface StreamOptions {
  log: FastifyBaseLogger;
  /** How often this instance looks for entries other instances wrote (default 1 s): one indexed read per API followed. */
  pollMs?: number;
  /** A comment line this often keeps proxies from closing a quiet stream (default 15 s). */
  heartbeatMs?: number;
  /** Streams open at once: per team (REQUEST_LOG_TEAM_STREAMS, 50), per API (20), per reader (10), on this instance (500). */
  streamsPerTeam?: number;
  maxPerApi?: number;
  maxPerReader?: number;
  maxOpen?: number;
}

/** Entries a stream looks at in one read: it reads again, after what else waits, while there are more. */
const PAGE = 100;
/** A reader that lets this much go unread is sent nothing more until it catches up. */
const MAX_UNREAD_BYTES = 1024 * 1024;
/** How long a refused client is told to wait before it tries again. */
const RETRY_AFTER_SECONDS = 5;

/** Who a stream is counted against. */
export interface StreamReader {
  apiMasterId: number;
  teamId: number;
  /** A user or a token, by a key that holds no secret. */
  reader: string;
}

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
  /** The last entry looked at: the stream reads after it. */
  cursor: number;
  reading: boolean;
  /** Written to while reading: read again once done. */
  stale: boolean;
  heartbeat: NodeJS.Timeout;
}

export function createRequestStreams(
  store: RequestLogStore,
  recorder: RequestRecorder | undefined,
  notBefore: () => string,
  options: StreamOptions,
) {
  const pollMs = options.pollMs ?? 1000;
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  const limits = {
    reader: options.maxPerReader ?? 10,
    api: options.maxPerApi ?? 20,
    team: options.streamsPerTeam ?? 50,
    server: options.maxOpen ?? 500,
  };
  const open = new Set<Stream>();
  const counts = {
    reader: new Map<string, number>(),
    api: new Map<number, number>(),
    team: new Map<number, number>(),
  };
  let poller: NodeJS.Timeout | undefined;
  let polling = false;

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
      for (;;) {
        stream.stale = false;
        const from = stream.cursor;
        const { entries, through } = await store.after(
          stream.apiMasterId,
          from,
          stream.filters,
          notBefore(),
          PAGE,
        );
        if (!open.has(stream)) return;
        for (const entry of entries)
          stream.res.write(`event: request\nid: ${entry.id}\ndata: ${JSON.stringify(entry)}\n\n`);
        stream.cursor = through;
        if ((through === from && !stream.stale) || stream.res.writableLength > MAX_UNREAD_BYTES) return;
        await yieldToOthers();
      }
    } catch (error) {
      options.log.warn({ err: error }, 'request log stream: reading new entries failed');
    } finally {
      stream.reading = false;
    }
  }

  /** Reads for each stream whose API's log holds entries past its cursor (other instances wrote them). */
  async function poll(): Promise<void> {
    if (polling) return;
    polling = true;
    try {
      const followed = new Map<number, Stream[]>();
      for (const stream of open)
        followed.set(stream.apiMasterId, [...(followed.get(stream.apiMasterId) ?? []), stream]);
      for (const [apiMasterId, streams] of followed) {
        const latest = await store.latestId(apiMasterId);
        for (const stream of streams) if (stream.cursor < latest) void read(stream);
      }
    } catch (error) {
      options.log.warn({ err: error }, 'request log streams: looking for new entries failed');
    } finally {
      polling = false;
    }
  }

  function close(stream: Stream): void {
    if (!open.delete(stream)) return;
    clearInterval(stream.heartbeat);
    stream.release();
    if (!stream.res.writableEnded) stream.res.end();
    if (open.size === 0) {
      clearInterval(poller);
      poller = undefined;
    }
  }

  /** The first cap `who` has reached, the caller's own first: what the refusal says. */
  function capReached({ reader, apiMasterId, teamId }: StreamReader): keyof typeof limits | undefined {
    if ((counts.reader.get(reader) ?? 0) >= limits.reader) return 'reader';
    if ((counts.api.get(apiMasterId) ?? 0) >= limits.api) return 'api';
    if ((counts.team.get(teamId) ?? 0) >= limits.team) return 'team';
    if (open.size >= limits.server) return 'server';
    return undefined;
  }

  return {
    /**
     * Takes a place for a stream of the API's log, or refuses with 429, saying which cap was reached,
     * when the reader, the API, its team or this instance has as many open as it may.
     */
    reserve(who: StreamReader): StreamPlace {
      const cap = capReached(who);
      if (cap) throw new TooManyRequests(requestLogStreamRefusals[cap], RETRY_AFTER_SECONDS);
      const { reader, apiMasterId, teamId } = who;
      count(counts.reader, reader, 1);
      count(counts.api, apiMasterId, 1);
      count(counts.team, teamId, 1);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        count(counts.reader, reader, -1);
        count(counts.api, apiMasterId, -1);
        count(counts.team, teamId, -1);
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
      res.writeHead(200, {
        ...headers,
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
      });
      // a first line, so a client's fetch() resolves as soon as the stream is open
      res.write(': open\n\n');
      const stream: Stream = {
        apiMasterId: place.apiMasterId,
        release: place.release,
        res,
        filters,
        cursor,
        reading: false,
        stale: false,
        heartbeat: setInterval(() => res.write(': heartbeat\n\n'), heartbeatMs),
      };
      open.add(stream);
      res.on('close', () => close(stream));
      // a reader that fell behind is sent the rest once it has read what it was sent
      res.on('drain', () => void read(stream));
      poller ??= setInterval(() => void poll(), pollMs);
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
