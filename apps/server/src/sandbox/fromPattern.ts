// A string matching a regular expression, for the patterns schemas usually carry (`^[A-Z]{3}-\d{4}$`,
// `^\+[0-9]{6,15}$`): literals, escapes, classes, groups with alternatives, quantifiers. Lookarounds
// and backreferences are beyond it: the caller checks the result and falls back.
// The pattern is a tenant's: nested quantifiers (`((a+)+)+`) multiply, so the work is budgeted.

/** Characters written and class members listed, at most, for one string; past it the string is cut. */
const MAX_WORK = 5000;
/** A class range contributes its first characters only: `[一-龥]` need not list 20,000 of them. */
const MAX_RANGE = 256;
const QUANTIFIER = /\{(\d+)(,(\d*))?\}|[*+?]/y;

interface Room {
  left: number;
}

const DIGITS = '0123456789';
const WORD = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_';
const pickChar = (chars: string) => chars[Math.floor(Math.random() * chars.length)] ?? '';

function escapeClass(c: string): string {
  return c === 'd' ? DIGITS : c === 'w' ? WORD : c === 's' ? ' ' : c;
}

function classChars(body: string): string {
  const negated = body.startsWith('^');
  let chars = '';
  const source = negated ? body.slice(1) : body;
  for (let i = 0; i < source.length; i++) {
    let c = source[i];
    if (c === '\\') c = escapeClass(source[++i]);
    if (source[i + 1] === '-' && i + 2 < source.length) {
      const end = (source[i + 2] === '\\' ? source[i + 3] : source[i + 2]) ?? c;
      const first = c.charCodeAt(0);
      const last = Math.min(end.charCodeAt(0), first + MAX_RANGE - 1);
      for (let code = first; code <= last; code++) chars += String.fromCharCode(code);
      i += source[i + 2] === '\\' ? 3 : 2;
    } else {
      chars += c;
    }
  }
  return negated ? [...WORD].filter((ch) => !chars.includes(ch)).join('') : chars;
}

/** Index of the bracket closing the one at `open`. */
function closing(pattern: string, open: number, left: string, right: string): number {
  let depth = 0;
  for (let i = open; i < pattern.length; i++) {
    if (pattern[i] === '\\') i++;
    else if (pattern[i] === left) depth++;
    else if (pattern[i] === right && --depth === 0) return i;
  }
  return pattern.length;
}

function splitAlternatives(pattern: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') i++;
    else if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === '|' && depth === 0) {
      parts.push(pattern.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(pattern.slice(start));
  return parts;
}

export function fromPattern(pattern: string): string {
  return generate(pattern, { left: MAX_WORK });
}

function generate(pattern: string, room: Room): string {
  const alternatives = splitAlternatives(pattern);
  const source = alternatives[Math.floor(Math.random() * alternatives.length)];
  let out = '';
  for (let i = 0; i < source.length && room.left > 0; i++) {
    const c = source[i];
    let atom: () => string;
    if (c === '^' || c === '$') continue;
    if (c === '[') {
      const end = closing(source, i, '[', ']');
      const chars = classChars(source.slice(i + 1, end));
      room.left -= chars.length;
      atom = () => pickChar(chars);
      i = end;
    } else if (c === '(') {
      const end = closing(source, i, '(', ')');
      const inner = source.slice(i + 1, end).replace(/^\?:/, '');
      atom = () => generate(inner, room);
      i = end;
    } else if (c === '\\') {
      const e = source[++i];
      atom = e === 'd' || e === 'w' || e === 's' ? () => pickChar(escapeClass(e)) : () => e;
    } else if (c === '.') {
      atom = () => pickChar(WORD);
    } else {
      atom = () => c;
    }
    let [min, max] = [1, 1];
    QUANTIFIER.lastIndex = i + 1;
    const quantifier = QUANTIFIER.exec(source);
    if (quantifier) {
      if (quantifier[0] === '*') [min, max] = [0, 3];
      else if (quantifier[0] === '+') [min, max] = [1, 3];
      else if (quantifier[0] === '?') [min, max] = [0, 1];
      else {
        min = Number(quantifier[1]);
        max = quantifier[2] === undefined ? min : quantifier[3] === '' ? min + 3 : Number(quantifier[3]);
      }
      i += quantifier[0].length;
    }
    const count = min + Math.floor(Math.random() * (max - min + 1));
    for (let n = 0; n < count && room.left > 0; n++) {
      room.left -= 1;
      out += atom();
    }
  }
  return out;
}
