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
  const kept: Record<string, string> = {};
  let count = 0;
  let cut = false;
  for (const [name, value] of Object.entries(headers)) {
    if (count === caps.headers) return { headers: kept, cut: true };
    const shortName = cutText(name, caps.headerChars);
    const shortValue = cutText(value, caps.headerChars);
    kept[shortName.text] = shortValue.text;
    cut ||= shortName.cut || shortValue.cut;
    count += 1;
  }
  return { headers: kept, cut };
}
