import { lazy, Suspense, useSyncExternalStore } from 'react';

// The toasts' container (react-toastify) is fetched with the first screen that can show a toast, or
// with the sign-in screen's first submit, so that screen shows without it (README, first load).
// A toast raised before the container is in waits for it: react-toastify queues it.
const Toasts = lazy(() => import('./Toasts').then((m) => ({ default: m.Toasts })));

let wanted = false;
const listeners = new Set<() => void>();

/** Puts the toasts' container on the page, if it is not there yet. */
export function loadToasts(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function ToastsHost() {
  const shown = useSyncExternalStore(subscribe, () => wanted);
  return shown ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}
