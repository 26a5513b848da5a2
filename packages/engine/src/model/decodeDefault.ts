import type { PropertyType } from '@sandbox/contracts';

/** The catalog keeps defaults as text: JSON for anything but strings. */
export function decodeDefault(text: string, type: PropertyType): unknown {
  if (type === 'string') return text;
  try {
    return JSON.parse(text);
  } catch {
    // a hand-typed default that is not JSON (`abc` on a number) stays the text it is
    return text;
  }
}
