interface Entry<T> {
  value: Promise<T | null>;
  /** Known once loaded: lets a change of the API find its entry. */
  apiMasterId?: number;
}

/**
 * Compiled deployed APIs by sandbox key, at most `max` of them: a call moves its API to the back and
 * the least recently called leaves first, so anonymous calls to many keys cannot grow memory without
 * end. A load is shared by the calls that wait for it; an unknown key is not remembered (it may be
 * deployed a moment later), nor a load that failed.
 */
export function createDeployedApiCache<T>(
  max: number,
  load: (key: string) => Promise<T | null>,
  apiOf: (loaded: T) => number,
) {
  // Map keeps insertion order: re-inserting on each call keeps the least recently called first.
  const entries = new Map<string, Entry<T>>();
  /** The key re-inserted last: calls in a row to one API skip the re-insertion. */
  let newest: string | undefined;

  return {
    get(key: string): Promise<T | null> {
      const cached = entries.get(key);
      if (cached) {
        if (key !== newest) {
          entries.delete(key);
          entries.set(key, cached);
          newest = key;
        }
        return cached.value;
      }
      newest = key;
      const entry: Entry<T> = { value: load(key) };
      entries.set(key, entry);
      for (const oldest of entries.keys()) {
        if (entries.size <= max) break;
        entries.delete(oldest);
      }
      const forget = () => entries.get(key) === entry && entries.delete(key);
      entry.value.then((loaded) => {
        if (loaded === null) forget();
        else entry.apiMasterId = apiOf(loaded);
      }, forget);
      return entry.value;
    },

    /** Forgets an API's compiled form, and every load still under way (it may have read the API before
     * the change); the next call loads again. */
    forgetApi(apiMasterId: number): void {
      for (const [key, entry] of entries) {
        if (entry.apiMasterId === apiMasterId || entry.apiMasterId === undefined) entries.delete(key);
      }
    },

    clear(): void {
      entries.clear();
    },

    get size(): number {
      return entries.size;
    },
  };
}
