import { type FSWatcher, watch } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';

// --watch: a document changed on disk is read again. Its folder is watched, not the file: editors
// save by writing a new file and renaming it over the old one, which ends a watch on the file itself.

const SETTLE_MS = 100;

/** Calls `changed` once a burst of writes to the file is over; returns what stops the watch. */
export function watchFile(path: string, changed: () => void): () => void {
  const file = basename(path);
  let timer: NodeJS.Timeout | undefined;
  let watcher: FSWatcher;
  try {
    watcher = watch(dirname(resolve(path)), (_event, name) => {
      if (name !== null && name !== file) return;
      clearTimeout(timer);
      timer = setTimeout(changed, SETTLE_MS);
    });
  } catch {
    return () => {};
  }
  watcher.unref();
  return () => {
    clearTimeout(timer);
    watcher.close();
  };
}
