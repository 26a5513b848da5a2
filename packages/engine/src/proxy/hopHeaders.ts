// What a proxy carries across of a message's headers, the same on the command line and hosted.

type Headers = Record<string, string | string[] | number | undefined>;

/** Headers of one connection, not of the message (RFC 9110 §7.6.1): never carried across. */
const HOP_BY_HOP: ReadonlySet<string> = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'trailers',
  'transfer-encoding',
  'upgrade',
]);

/** Not sent upstream: the proxy's own connection names the host and counts the body again. */
const SET_BY_THE_PROXY: ReadonlySet<string> = new Set([
  'host',
  'content-length',
  // asked for unencoded: the answer is read to be checked
  'accept-encoding',
]);

/** The names a Connection header lists: headers of that connection alone. */
function connectionNames(value: Headers[string]): Set<string> {
  const text = Array.isArray(value) ? value.join(',') : String(value ?? '');
  return new Set(
    text
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean),
  );
}

/** `headers` (lower-case names) without one connection's, nor those `dropped` names. */
function carried(headers: Headers, dropped: ReadonlySet<string>): Record<string, string | string[]> {
  const listed = connectionNames(headers.connection);
  const kept: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || listed.has(name) || dropped.has(name)) continue;
    kept[name] = typeof value === 'number' ? String(value) : value;
  }
  return kept;
}

/** A request's headers as they go to the upstream. */
export const forwardedRequestHeaders = (headers: Headers, without: Iterable<string> = []) =>
  carried(headers, new Set([...SET_BY_THE_PROXY, ...without]));

/** An answer's headers as they go back to the caller, less those the proxy sets itself (`without`). */
export const returnedAnswerHeaders = (headers: Headers, without: Iterable<string>) =>
  carried(headers, new Set(without));
