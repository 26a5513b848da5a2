import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';

/** One request and its answer, before redirects are followed. */
export interface HopRequest {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body: string | Buffer | undefined;
  signal: AbortSignal;
}

export interface HopAnswer {
  status: number;
  headers: IncomingHttpHeaders | OutgoingHttpHeaders;
  /** At most the cap; `truncated` says when more was sent. */
  body: Buffer;
  sizeBytes: number;
  truncated: boolean;
}

/** Keeps the first `max` bytes of a body; `add` answers false once more than that arrived. */
export function cappedBody(max: number) {
  const chunks: Buffer[] = [];
  let kept = 0;
  let size = 0;
  return {
    add(chunk: Buffer): boolean {
      size += chunk.length;
      if (kept < max) {
        const part = chunk.subarray(0, max - kept);
        chunks.push(part);
        kept += part.length;
      }
      return size <= max;
    },
    result: () => ({ body: Buffer.concat(chunks), sizeBytes: size, truncated: size > max }),
  };
}
