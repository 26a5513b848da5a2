import { canCheckPattern, conforms } from './conforms.js';
import { type Generation, MAX_LENGTH } from './context.js';
import { patternString } from './patternString.js';
import { byFormat, plainString, realisticString } from './realisticValues.js';

type Json = Record<string, unknown>;

/** The same instant spelled longer, for a minLength: with milliseconds, with an offset, with both. */
const DATE_TIME_SPELLINGS = [
  (text: string) => text.replace(/Z$/, '.000Z'),
  (text: string) => text.replace(/Z$/, '+00:00'),
  (text: string) => text.replace(/Z$/, '.000+00:00'),
];

const codePoints = (text: string) => [...text].length;

/**
 * A string for a schema: the catalog's auto-generation type, else its format, else a realistic value
 * by the field's name, else one written from its pattern; each fitted to the length limits and kept
 * only when it meets the whole schema.
 */
export function generateString(schema: Json, name: string, generation: Generation): string {
  const { random, clock } = generation;
  const format = typeof schema.format === 'string' ? schema.format : undefined;
  const pattern = typeof schema.pattern === 'string' ? schema.pattern : undefined;
  const candidates: (() => string | undefined)[] = [];
  switch (schema['x-auto-generation']) {
    case 'UUID':
      candidates.push(() => random.uuid());
      break;
    case 'Random Number':
      candidates.push(() => String(random.int(1, 999_999)));
      break;
    case 'Random String':
      candidates.push(() => random.string(12));
  }
  if (format && byFormat[format]) candidates.push(() => byFormat[format](random, clock));
  if (format === 'date-time')
    candidates.push(...DATE_TIME_SPELLINGS.map((spell) => () => spell(byFormat[format](random, clock))));
  candidates.push(() => realisticString(name, format, random, clock));
  // a pattern the linear engine refuses is not enforced by the sandbox: it is still followed, unchecked
  const unchecked = pattern !== undefined && !canCheckPattern(pattern);
  const judged = unchecked ? { ...schema, pattern: undefined } : schema;
  if (unchecked) candidates.unshift(() => patternString(pattern, random));
  const patternFrom = candidates.length;
  if (pattern) {
    // a pattern not anchored at its start may follow a realistic value: `/v1$` after a URL
    if (!pattern.startsWith('^'))
      candidates.push(() => {
        const tail = patternString(pattern, random);
        return tail === undefined
          ? undefined
          : `${realisticString(name, format, random, clock) ?? ''}${tail}`;
      });
    for (const spread of [3, 1, 0, 6, 12]) candidates.push(() => patternString(pattern, random, { spread }));
    const least = Math.min(typeof schema.minLength === 'number' ? schema.minLength : 0, MAX_LENGTH);
    for (const share of [1, 2, 3, 4])
      if (least > 3)
        candidates.push(() =>
          patternString(pattern, random, { spread: Math.ceil(least / share), full: true }),
        );
  }
  candidates.push(() => plainString(name, random));
  // when nothing fits (a pattern too costly to check, say), a string written from the pattern is closest
  let best: string | undefined;
  for (const [index, candidate] of candidates.entries()) {
    const text = candidate();
    if (text === undefined) continue;
    for (const fitted of fittings(text, schema, generation)) {
      if (conforms(fitted, judged, generation.check)) return fitted;
      if (best === undefined || (pattern && index === patternFrom)) best = fitted;
    }
  }
  return best ?? '';
}

/** The text, then the text cut or padded into [minLength, maxLength] (code points, as JSON Schema counts). */
function* fittings(text: string, schema: Json, generation: Generation): Generator<string> {
  yield text;
  const least = Math.min(typeof schema.minLength === 'number' ? schema.minLength : 0, MAX_LENGTH);
  const most = typeof schema.maxLength === 'number' ? schema.maxLength : Number.POSITIVE_INFINITY;
  const length = codePoints(text);
  if (length > most) yield [...text].slice(0, most).join('');
  if (length < least) {
    const padding = generation.random.string(least - length);
    yield text + padding;
    const at = text.indexOf('@');
    if (at > 0) yield text.slice(0, at) + padding + text.slice(at);
    yield padding + text;
  }
}
