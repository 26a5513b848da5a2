import type { LoggedRequest } from '@sandbox/contracts';
import { describe, expect, it, vi } from 'vitest';
import { type readRequestStream, StreamRefused } from './requestStream';
import { followRequestStream, type StreamState } from './useRequestStream';

type Read = typeof readRequestStream;

describe('following the live feed', () => {
  it('connects again after a refusal and after a drop, waiting longer after each failure in a row', async () => {
    const controller = new AbortController();
    const states: StreamState[] = [];
    const calls: number[] = [];
    const pauses: number[] = [];
    const attempts: Array<(options: Parameters<Read>[1]) => Promise<void>> = [
      async () => {
        throw new Error('503');
      },
      async () => {
        throw new Error('503');
      },
      async ({ onOpen, onCall }) => {
        onOpen();
        onCall({ id: 1 } as LoggedRequest);
        // the server went away: the read ends
      },
      async ({ onOpen, onCall }) => {
        onOpen();
        onCall({ id: 2 } as LoggedRequest);
        controller.abort();
      },
    ];
    const read: Read = async (_api, options) => (attempts.shift() as (typeof attempts)[number])(options);
    vi.spyOn(console, 'error').mockImplementation(() => {});

    await followRequestStream('7', {
      signal: controller.signal,
      onState: (state) => states.push(state),
      onCall: (call) => calls.push(call.id),
      read,
      pause: async (ms) => {
        pauses.push(ms);
      },
    });

    expect(calls).toEqual([1, 2]);
    expect(states).toEqual(['reconnecting', 'reconnecting', 'live', 'reconnecting', 'live']);
    // two failures in a row, then a drop after a connection: the wait starts again from 1 s
    expect(pauses).toEqual([1000, 2000, 1000]);
  });

  it('says why the server refused the feed until it is connected again', async () => {
    const controller = new AbortController();
    const reasons: (string | undefined)[] = [];
    const attempts: Array<(options: Parameters<Read>[1]) => Promise<void>> = [
      async () => {
        throw new StreamRefused(429, 'Your team has too many request log streams open');
      },
      async ({ onOpen }) => {
        onOpen();
        controller.abort();
      },
    ];
    const read: Read = async (_api, options) => (attempts.shift() as (typeof attempts)[number])(options);

    await followRequestStream('7', {
      signal: controller.signal,
      onState: () => {},
      onCall: () => {},
      onRefused: (reason) => reasons.push(reason),
      read,
      pause: async () => {},
    });

    expect(reasons).toEqual(['Your team has too many request log streams open', undefined]);
  });

  it('stops once the screen closes, without connecting again', async () => {
    const controller = new AbortController();
    let reads = 0;
    const read: Read = async (_api, { signal }) => {
      reads += 1;
      controller.abort();
      if (signal.aborted) throw new DOMException('aborted', 'AbortError');
    };
    await followRequestStream('7', { signal: controller.signal, onState: () => {}, onCall: () => {}, read });
    expect(reads).toBe(1);
  });
});
