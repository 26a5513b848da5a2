import type { LoggedFieldCaps } from '../config.js';

// Issue 25: each field of a call a caller chooses is kept up to a cap (REQUEST_LOG_PATH_CHARS and
// the others), so that however it is sent, one call stores a bounded amount; the entry says what was cut.

/** The start of `text`, `chars` long at most (a character whose second half would be cut goes too). */
export function cutText(text: string, chars: number): { text: string; cut: boolean } {
  if (text.length <= chars) return { text, cut: false };
  const highSurrogate = (text.charCodeAt(chars - 1) & 0xfc00) === 0xd800;
  return { text: text.slice(0, highSurrogate ? chars - 1 : chars), cut: true };
}

/** The first `caps.headers` headers, each name and value cut to `caps.headerChars`. */
export function cutHeaders(
  headers: Record<string, string>,
  caps: Pick<LoggedFieldCaps, 'headers' | 'headerChars'>,
): { headers: Record<string, string>; cut: boolean } {
  // the usual call is within every cap: it is kept as it is, with no copy (this runs for every call)
  let count = 0;
  for (const name in headers) {
    count += 1;
    if (count > caps.headers || name.length > caps.headerChars || headers[name].length > caps.headerChars)
      return cutEach(headers, caps);
  }
  return { headers, cut: false };
}

function cutEach(
  headers: Record<string, string>,
  caps: Pick<LoggedFieldCaps, 'headers' | 'headerChars'>,
): { headers: Record<string, string>; cut: true } {
  const kept: Record<string, string> = {};
  let count = 0;
  for (const [name, value] of Object.entries(headers)) {
    if (count === caps.headers) break;
    kept[cutText(name, caps.headerChars).text] = cutText(value, caps.headerChars).text;
    count += 1;
  }
  return { headers: kept, cut: true };
}
