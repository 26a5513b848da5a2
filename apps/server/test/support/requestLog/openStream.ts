/**
 * A request log stream read with fetch() and an Authorization header, as the web app reads it;
 * `query` narrows it (`text=…`), `lastEventId` resumes it after that entry.
 */
export async function openStream(
  origin: string,
  apiMasterId: number,
  headers: Record<string, string>,
  { query = '', lastEventId }: { query?: string; lastEventId?: number } = {},
) {
  const abort = new AbortController();
  const url = `${origin}/api/api-config-master/${apiMasterId}/requests/stream${query ? `?${query}` : ''}`;
  const res = await fetch(url, {
    headers: { ...headers, ...(lastEventId === undefined ? {} : { 'last-event-id': String(lastEventId) }) },
    signal: abort.signal,
  });
  if (!res.body) throw new Error(`no stream: ${res.status}`);
  // a refusal's body is read whole; an open stream's is read event by event
  const refusal = res.status === 200 ? undefined : await res.text();
  const reader =
    refusal === undefined ? res.body.pipeThrough(new TextDecoderStream()).getReader() : undefined;
  let buffered = '';
  return {
    status: res.status,
    headers: res.headers,
    contentType: res.headers.get('content-type'),
    /** The refusal's message, when the stream was refused. */
    message: refusal === undefined ? undefined : (JSON.parse(refusal).message as string),
    /** The next event, comments skipped. */
    async next(): Promise<{ event?: string; data: string }> {
      if (!reader) throw new Error(`the stream was refused: ${res.status}`);
      for (;;) {
        const end = buffered.indexOf('\n\n');
        if (end >= 0) {
          const block = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          const fields = block.split('\n').filter((line) => !line.startsWith(':'));
          if (fields.length === 0) continue;
          const value = (name: string) =>
            fields.find((line) => line.startsWith(`${name}: `))?.slice(name.length + 2);
          return { event: value('event'), data: value('data') ?? '' };
        }
        const { value, done } = await reader.read();
        if (done) throw new Error('the stream ended');
        buffered += value;
      }
    },
    close: () => abort.abort(),
  };
}
