import { nextTurn } from './inChunks.js';

// A re-import compares and merges thousands of endpoints and schemas on the event loop: it gives way
// to the requests waiting whenever it has held the loop for a few ms, so that none waits on it for long.

const TURN_MS = 10;

/** A function to await between two items of a long loop: it lets other requests in once a turn is spent. */
export function turns(): () => Promise<void> {
  let started = performance.now();
  return async () => {
    if (performance.now() - started < TURN_MS) return;
    await nextTurn();
    started = performance.now();
  };
}
