import type { LoggedRequest } from '@sandbox/contracts';
import { useEffect, useRef, useState } from 'react';
import { readRequestStream, StreamRefused } from './requestStream';

export type StreamState = 'connecting' | 'live' | 'reconnecting';

/** How long to wait before connecting again after the n-th failure in a row: 1 s doubling up to 15 s. */
export const reconnectDelayMs = (failures: number) => Math.min(1000 * 2 ** failures, 15_000);

const pauseFor = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

export interface FollowOptions {
  signal: AbortSignal;
  onState: (state: StreamState) => void;
  onCall: (call: LoggedRequest) => void;
  /** Why the server refused the feed (too many open), until it is connected again: then undefined. */
  onRefused?: (reason: string | undefined) => void;
  /** Tests replace the network and the clock. */
  read?: typeof readRequestStream;
  pause?: (ms: number, signal: AbortSignal) => Promise<void>;
}

/**
 * Reads the API's feed until `signal` aborts: after a drop (a restarted server, a proxy's timeout, a
 * refusal) it waits, longer after each failure in a row, and connects again.
 */
export async function followRequestStream(
  apiMasterId: string,
  { signal, onState, onCall, onRefused, read = readRequestStream, pause = pauseFor }: FollowOptions,
): Promise<void> {
  let failures = 0;
  while (!signal.aborted) {
    try {
      await read(apiMasterId, {
        signal,
        onOpen: () => {
          failures = 0;
          onRefused?.(undefined);
          onState('live');
        },
        onCall,
      });
    } catch (error) {
      if (signal.aborted) return;
      if (error instanceof StreamRefused && error.reason) onRefused?.(error.reason);
      else console.error(error);
    }
    if (signal.aborted) return;
    onState('reconnecting');
    await pause(reconnectDelayMs(failures), signal);
    failures += 1;
  }
}

/**
 * Follows the API's live feed while the screen is open, and stops when it closes: its state, and
 * why the server refused it while it does.
 */
export function useRequestStream(
  apiMasterId: string,
  onCall: (call: LoggedRequest) => void,
): { state: StreamState; refusal: string | undefined } {
  const [state, setState] = useState<StreamState>('connecting');
  const [refusal, setRefusal] = useState<string | undefined>();
  const latestOnCall = useRef(onCall);
  latestOnCall.current = onCall;

  useEffect(() => {
    const controller = new AbortController();
    setState('connecting');
    setRefusal(undefined);
    void followRequestStream(apiMasterId, {
      signal: controller.signal,
      onState: setState,
      onCall: (call) => latestOnCall.current(call),
      onRefused: setRefusal,
    });
    return () => controller.abort();
  }, [apiMasterId]);

  return { state, refusal };
}
