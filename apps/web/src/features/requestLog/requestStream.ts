// The live feed of an API's calls: server-sent events read with fetch(), since EventSource cannot send
// the session's Authorization header.
import { type LoggedRequest, requestLogPaths } from '@sandbox/contracts';
import { getSessionToken } from '../../lib/session';

export interface ServerSentEvent {
  event: string;
  data: string;
}

/**
 * Feeds text as it arrives and calls `onEvent` for each complete event (a block ended by a blank
 * line); a block split across chunks waits for its end.
 */
export function createEventParser(onEvent: (event: ServerSentEvent) => void) {
  let buffer = '';
  return (chunk: string) => {
    buffer += chunk;
    // A `\r` at the end may be the first half of `\r\n`: it waits for the next chunk.
    const complete = buffer.endsWith('\r') ? buffer.length - 1 : buffer.length;
    const text = buffer.slice(0, complete).replace(/\r\n?/g, '\n');
    const blocks = text.split('\n\n');
    buffer = (blocks.pop() ?? '') + buffer.slice(complete);
    for (const block of blocks) {
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line === '' || line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon === -1 ? line : line.slice(0, colon);
        const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
      }
      if (data.length > 0) onEvent({ event, data: data.join('\n') });
    }
  };
}

export class StreamRefused extends Error {
  readonly status: number;
  /** What the server said, when it said why (429: too many streams open, and whose). */
  readonly reason: string | undefined;
  constructor(status: number, reason?: string) {
    super(`The request log's feed answered ${status}${reason ? `: ${reason}` : ''}`);
    this.name = 'StreamRefused';
    this.status = status;
    this.reason = reason;
  }
}

/** The `message` of a refusal's JSON body, if it has one. */
async function reasonOf(response: Response): Promise<string | undefined> {
  try {
    const body: unknown = await response.json();
    if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string')
      return body.message;
  } catch {
    // a refusal without a JSON body (a proxy's page) says nothing more than its status
  }
  return undefined;
}

/**
 * Reads the feed until the server ends it or `signal` aborts it; `onOpen` once it is connected,
 * `onCall` for each `request` event.
 */
export async function readRequestStream(
  apiMasterId: number | string,
  {
    signal,
    onOpen,
    onCall,
  }: { signal: AbortSignal; onOpen: () => void; onCall: (call: LoggedRequest) => void },
): Promise<void> {
  const token = getSessionToken();
  const response = await fetch(requestLogPaths.stream(apiMasterId), {
    headers: { Accept: 'text/event-stream', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    credentials: 'include',
    cache: 'no-store',
    signal,
  });
  if (!response.ok || !response.body) throw new StreamRefused(response.status, await reasonOf(response));
  onOpen();
  const parse = createEventParser(({ event, data }) => {
    if (event !== 'request') return;
    try {
      onCall(JSON.parse(data) as LoggedRequest);
    } catch (error) {
      // a malformed event is skipped; the next ones still count
      console.error(error);
    }
  });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    parse(value);
  }
}
