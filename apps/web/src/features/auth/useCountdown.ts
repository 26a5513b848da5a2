import { useEffect, useRef, useState } from 'react';

/** Counts whole seconds down from `from` while `running`, then calls `onDone` once. */
export function useCountdown(from: number, running: boolean, onDone: () => void): number {
  const [seconds, setSeconds] = useState(from);
  const done = useRef(onDone);
  done.current = onDone;

  useEffect(() => {
    if (!running) return;
    if (seconds <= 0) {
      done.current();
      return;
    }
    const timer = setTimeout(() => setSeconds((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [running, seconds]);

  return seconds;
}
