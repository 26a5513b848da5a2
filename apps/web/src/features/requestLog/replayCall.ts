// A logged call made again: as a shell command (Copy as cURL) or in the API Lab.
import type { LoggedRequest } from '@sandbox/contracts';

/**
 * Headers of the connection rather than of the call: the client that sends it again sets its own
 * (a stale Content-Length would cut the body; Accept-Encoding would print compressed bytes).
 */
const CONNECTION_HEADERS = new Set([
  'host',
  'content-length',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'expect',
  'proxy-connection',
  'accept-encoding',
]);

/** The headers worth sending again, as logged (masked credentials stay masked). */
export function replayableHeaders(call: Pick<LoggedRequest, 'requestHeaders'>): [string, string][] {
  return Object.entries(call.requestHeaders).filter(([name]) => !CONNECTION_HEADERS.has(name.toLowerCase()));
}

/** Where the call went: the API's sandbox URL, the path as sent, and its query. */
export function callUrl(call: Pick<LoggedRequest, 'path' | 'query'>, apiBaseUrl: string): string {
  const base = apiBaseUrl.replace(/\/+$/, '');
  return `${base}${call.path}${call.query ? `?${call.query}` : ''}`;
}

/** POSIX shell single quotes: everything literal, a quote closed, escaped and reopened. */
export const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** The call as a curl command against the sandbox, one option a line. */
export function curlCommand(
  call: Pick<LoggedRequest, 'method' | 'path' | 'query' | 'requestHeaders' | 'requestBody'>,
  apiBaseUrl: string,
): string {
  const url = callUrl(call, apiBaseUrl);
  // `-X HEAD` would leave curl waiting for a body that never comes; `--head` is HEAD as curl means it.
  const method = call.method.toUpperCase() === 'HEAD' ? '--head' : `-X ${call.method.toUpperCase()}`;
  // curl reads [] and {} in a URL as ranges and sets unless told not to.
  const globoff = /[[\]{}]/.test(url) ? ' --globoff' : '';
  const parts = [`curl ${method}${globoff} ${shellQuote(url)}`];
  for (const [name, value] of replayableHeaders(call)) parts.push(`-H ${shellQuote(`${name}: ${value}`)}`);
  if (call.requestBody !== null && call.requestBody !== '')
    parts.push(`--data-raw ${shellQuote(call.requestBody)}`);
  return parts.join(' \\\n  ');
}
