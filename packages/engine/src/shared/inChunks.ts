const CHUNK = 150;

/** Lets the event loop serve other requests (and their queries) before going on. */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Writes many rows a few hundred at a time: one statement each, within the bounds of both databases,
 * with other requests served between two statements, so a large import does not hold everyone up.
 */
export async function inChunks<T>(
  rows: T[],
  write: (chunk: T[]) => Promise<unknown>,
  size = CHUNK,
): Promise<void> {
  for (let i = 0; i < rows.length; i += size) {
    await nextTurn();
    await write(rows.slice(i, i + size));
  }
}
