import type { LoggedRequest } from '@sandbox/contracts';
import { useEffect, useRef, useState } from 'react';
import { readRequestStream } from './requestStream';

export type StreamState = 'connecting' | 'live' | 'reconnecting';

/** How long to wait before connecting again after the n-th failure in a row: 1 s doubling up to 15 s. */
export const reconnectDelayMs = (failures: number) => Math.min(1000 * 2 ** failures, 15_000);

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * Follows the API's live feed while the screen is open: connects again after a drop (a restarted
 * server, a proxy's timeout), and stops when the screen closes.
 */
export function useRequestStream(apiMasterId: string, onCall: (call: LoggedRequest) => void): StreamState {
  const [state, setState] = useState<StreamState>('connecting');
  const latestOnCall = useRef(onCall);
  latestOnCall.current = onCall;

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    setState('connecting');
    (async () => {
      let failures = 0;
      while (!signal.aborted) {
        try {
          await readRequestStream(apiMasterId, {
            signal,
            onOpen: () => {
              failures = 0;
              setState('live');
            },
            onCall: (call) => latestOnCall.current(call),
          });
        } catch (error) {
          if (signal.aborted) return;
          console.error(error);
        }
        if (signal.aborted) return;
        setState('reconnecting');
        await pause(reconnectDelayMs(failures), signal);
        failures += 1;
      }
    })();
    return () => controller.abort();
  }, [apiMasterId]);

  return state;
}
