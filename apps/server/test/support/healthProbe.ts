/**
 * Asks `/api/health` over and over, one request at a time, while something else runs: how long each
 * answer took is how long the server kept every other caller waiting. A test's server shares the
 * test's process, so a stall between two probes delays the timer of the next: each probe's time runs
 * from when it was due, not from when it could start.
 */
export function probeHealth(origin: string, everyMs = 20) {
  const timings: number[] = [];
  let running = true;
  const done = (async () => {
    let due = performance.now();
    while (running) {
      const answer = await fetch(`${origin}/api/health`);
      await answer.arrayBuffer();
      const answered = performance.now();
      timings.push(answered - due);
      due = answered + everyMs;
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    /** Stops probing; answers every probe's time in ms, the worst and the median. */
    async stop() {
      running = false;
      await done;
      const sorted = [...timings].sort((a, b) => a - b);
      return { timings, worst: sorted.at(-1) ?? 0, median: sorted[Math.floor(sorted.length / 2)] ?? 0 };
    },
  };
}
