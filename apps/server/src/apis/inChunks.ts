const CHUNK = 300;

/** Writes many rows a few hundred at a time: one statement each, within the bounds of both databases. */
export async function inChunks<T>(rows: T[], write: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await write(rows.slice(i, i + CHUNK));
}
