import type { LoggedRequest } from '@sandbox/contracts';
import { useEffect, useRef, useState } from 'react';
import { readRequestStream } from './requestStream';

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
  { signal, onState, onCall, read = readRequestStream, pause = pauseFor }: FollowOptions,
): Promise<void> {
  let failures = 0;
  while (!signal.aborted) {
    try {
      await read(apiMasterId, {
        signal,
        onOpen: () => {
          failures = 0;
          onState('live');
        },
        onCall,
      });
    } catch (error) {
      if (signal.aborted) return;
      console.error(error);
    }
    if (signal.aborted) return;
    onState('reconnecting');
    await pause(reconnectDelayMs(failures), signal);
    failures += 1;
  }
}

/** Follows the API's live feed while the screen is open, and stops when it closes. */
export function useRequestStream(apiMasterId: string, onCall: (call: LoggedRequest) => void): StreamState {
  const [state, setState] = useState<StreamState>('connecting');
  const latestOnCall = useRef(onCall);
  latestOnCall.current = onCall;

  useEffect(() => {
    const controller = new AbortController();
    setState('connecting');
    void followRequestStream(apiMasterId, {
      signal: controller.signal,
      onState: setState,
      onCall: (call) => latestOnCall.current(call),
    });
    return () => controller.abort();
  }, [apiMasterId]);

  return state;
}
