// Credentials as a log shows them: masked. The hosted request log and the command-line proxy's log
// mask alike.

const ALWAYS_MASKED = new Set(['authorization', 'proxy-authorization', 'cookie', 'x-api-key']);
const MASK = '***';

/**
 * Headers as a log shows them: credentials masked (Authorization and Proxy-Authorization keep their
 * scheme: `Bearer ***`), and the API's own API-key headers (`credentialHeaders`, lower case); repeated
 * headers joined.
 */
export function maskedHeaders(
  headers: Record<string, string | string[] | number | undefined>,
  credentialHeaders: string[],
): Record<string, string> {
  const shown: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const text = Array.isArray(value) ? value.join(', ') : String(value);
    if (!ALWAYS_MASKED.has(name) && !credentialHeaders.includes(name)) shown[name] = text;
    else if (name.endsWith('authorization')) shown[name] = maskedAuthorization(text);
    else shown[name] = MASK;
  }
  return shown;
}

function maskedAuthorization(value: string): string {
  const scheme = /^([!#$%&'*+.^`|~\w-]+)\s/.exec(value)?.[1];
  return scheme ? `${scheme} ${MASK}` : MASK;
}

/** The query string with the values of the API's query API keys masked. */
export function maskedQuery(query: string, credentialQuery: string[]): string {
  if (credentialQuery.length === 0 || query === '') return query;
  return query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals < 0 ? pair : pair.slice(0, equals);
      return equals >= 0 && credentialQuery.includes(safeDecode(name)) ? `${name}=${MASK}` : pair;
    })
    .join('&');
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}
