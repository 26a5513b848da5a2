import type { Random } from './random.js';

// A string that a regular expression matches, for the patterns schemas carry (`^[A-Z]{3}-\d{4}$`,
// `^\+[0-9]{6,15}$`, `^(draft|live)$`). The pattern is a tenant's: it is parsed here by hand, never
// compiled by JavaScript's RegExp, and parsing and writing are bounded. Lookarounds and backreferences
// are beyond it (it answers undefined); the caller checks every result with the linear engine.

/** Characters written and nodes parsed, at most, for one string. */
const MAX_WORK = 5_000;
/** A class range contributes its first characters only: `[一-龥]` need not list 20,000 of them. */
const MAX_RANGE = 256;

type Node =
  | { kind: 'alternatives'; branches: Node[][] }
  | { kind: 'chars'; chars: string }
  | { kind: 'repeat'; node: Node; min: number; max: number }
  | { kind: 'empty' };

const DIGITS = '0123456789';
const WORD = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_';
const SPACE = ' ';
const PRINTABLE = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('');
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';

class Unsupported extends Error {}

/** How freely unbounded quantifiers (`*`, `+`, `{2,}`) grow: 0 writes the fewest characters. */
export interface Stretch {
  spread: number;
  /** Every unbounded quantifier takes its full spread (to reach a minLength). */
  full?: boolean;
}

export function patternString(
  pattern: string,
  random: Random,
  stretch: Stretch = { spread: 3 },
): string | undefined {
  let tree: Node;
  try {
    tree = new Parser(pattern).parse();
  } catch (error) {
    if (error instanceof Unsupported) return undefined;
    throw error;
  }
  const room = { left: MAX_WORK };
  return write(tree, random, stretch, room);
}

function write(node: Node, random: Random, stretch: Stretch, room: { left: number }): string {
  if (room.left <= 0) return '';
  switch (node.kind) {
    case 'empty':
      return '';
    case 'chars':
      room.left--;
      return node.chars.length === 0 ? '' : [...node.chars][random.int(0, [...node.chars].length - 1)];
    case 'alternatives': {
      const branch = random.pick(node.branches);
      return branch.map((part) => write(part, random, stretch, room)).join('');
    }
    case 'repeat': {
      const most = Number.isFinite(node.max) ? node.max : node.min + stretch.spread;
      const highest = Math.max(node.min, Math.min(most, node.min + stretch.spread));
      const count = stretch.full && !Number.isFinite(node.max) ? highest : random.int(node.min, highest);
      let out = '';
      for (let i = 0; i < count && room.left > 0; i++) out += write(node.node, random, stretch, room);
      return out;
    }
  }
}

class Parser {
  private at = 0;
  private work = 0;

  constructor(private readonly source: string) {}

  parse(): Node {
    const node = this.alternatives();
    if (this.at < this.source.length) throw new Unsupported();
    return node;
  }

  private spend(): void {
    if (++this.work > MAX_WORK) throw new Unsupported();
  }

  private alternatives(): Node {
    const branches: Node[][] = [this.sequence()];
    while (this.source[this.at] === '|') {
      this.at++;
      branches.push(this.sequence());
    }
    return { kind: 'alternatives', branches };
  }

  private sequence(): Node[] {
    const parts: Node[] = [];
    while (this.at < this.source.length && this.source[this.at] !== '|' && this.source[this.at] !== ')') {
      this.spend();
      const atom = this.atom();
      parts.push(this.quantified(atom));
    }
    return parts;
  }

  private quantified(atom: Node): Node {
    const c = this.source[this.at];
    let min: number;
    let max: number;
    if (c === '*') [min, max] = [0, Number.POSITIVE_INFINITY];
    else if (c === '+') [min, max] = [1, Number.POSITIVE_INFINITY];
    else if (c === '?') [min, max] = [0, 1];
    else if (c === '{') {
      const bounds = /^\{(\d+)(,(\d*))?\}/.exec(this.source.slice(this.at, this.at + 24));
      if (!bounds) return atom;
      min = Number(bounds[1]);
      max = bounds[2] === undefined ? min : bounds[3] === '' ? Number.POSITIVE_INFINITY : Number(bounds[3]);
      if (min > MAX_WORK || max < min) throw new Unsupported();
      this.at += bounds[0].length - 1;
    } else return atom;
    this.at++;
    if (this.source[this.at] === '?' || this.source[this.at] === '+') this.at++;
    return this.quantified({ kind: 'repeat', node: atom, min, max });
  }

  private atom(): Node {
    const c = this.source[this.at++];
    if (c === '^' || c === '$') return { kind: 'empty' };
    if (c === '.') return { kind: 'chars', chars: PRINTABLE };
    if (c === '[') return this.characterClass();
    if (c === '(') {
      if (this.source[this.at] === '?') {
        const rest = this.source.slice(this.at, this.at + 3);
        if (rest.startsWith('?:')) this.at += 2;
        else if (/^\?<[A-Za-z]/.test(rest)) this.at = this.source.indexOf('>', this.at) + 1;
        else throw new Unsupported(); // lookaround
        if (this.at === 0) throw new Unsupported();
      }
      const inner = this.alternatives();
      if (this.source[this.at++] !== ')') throw new Unsupported();
      return inner;
    }
    if (c === '\\') return this.escape(false);
    return { kind: 'chars', chars: c };
  }

  private escape(inClass: boolean): Node {
    const e = this.source[this.at++];
    if (e === undefined) throw new Unsupported();
    const chars = (text: string): Node => ({ kind: 'chars', chars: text });
    switch (e) {
      case 'd':
        return chars(DIGITS);
      case 'w':
        return chars(WORD);
      case 's':
        return chars(SPACE);
      case 'D':
        return chars(without(PRINTABLE, DIGITS));
      case 'W':
        return chars(without(PRINTABLE, WORD));
      case 'S':
        return chars(without(PRINTABLE, ' '));
      case 'b':
        if (inClass) return chars('\b');
        return { kind: 'empty' };
      case 'B':
        throw new Unsupported();
      case 'n':
        return chars('\n');
      case 'r':
        return chars('\r');
      case 't':
        return chars('\t');
      case 'f':
        return chars('\f');
      case 'v':
        return chars('\v');
      case '0':
        return chars('\0');
      case 'x': {
        const hex = /^[0-9a-fA-F]{2}/.exec(this.source.slice(this.at, this.at + 2));
        if (!hex) return chars('x');
        this.at += 2;
        return chars(String.fromCharCode(Number.parseInt(hex[0], 16)));
      }
      case 'u': {
        const code = /^(?:\{([0-9a-fA-F]{1,6})\}|([0-9a-fA-F]{4}))/.exec(
          this.source.slice(this.at, this.at + 8),
        );
        if (!code) return chars('u');
        this.at += code[0].length;
        const point = Number.parseInt(code[1] ?? code[2], 16);
        if (point > 0x10ffff) throw new Unsupported();
        return chars(String.fromCodePoint(point));
      }
      case 'p':
      case 'P': {
        const name = /^\{([A-Za-z_=]+)\}/.exec(this.source.slice(this.at, this.at + 40));
        if (!name) throw new Unsupported();
        this.at += name[0].length;
        const members = unicodeClass(name[1]);
        return chars(e === 'p' ? members : without(PRINTABLE, members));
      }
      default:
        if (/[1-9k]/.test(e)) throw new Unsupported(); // backreference
        return chars(e);
    }
  }

  private characterClass(): Node {
    const negated = this.source[this.at] === '^';
    if (negated) this.at++;
    let members = '';
    let first = true;
    while (this.at < this.source.length && (this.source[this.at] !== ']' || first)) {
      this.spend();
      first = false;
      const start = this.classMember();
      if (start.length === 1 && this.source[this.at] === '-' && this.source[this.at + 1] !== ']') {
        this.at++;
        const end = this.classMember();
        if (end.length !== 1) throw new Unsupported();
        const [low, high] = [start.codePointAt(0) ?? 0, end.codePointAt(0) ?? 0];
        if (high < low) throw new Unsupported();
        for (let code = low; code <= Math.min(high, low + MAX_RANGE - 1); code++)
          members += String.fromCodePoint(code);
      } else members += start;
    }
    if (this.source[this.at++] !== ']') throw new Unsupported();
    const chars = negated ? without(PRINTABLE, members) : members;
    if (chars.length === 0) throw new Unsupported();
    return { kind: 'chars', chars };
  }

  /** One member of a class: a character, or the characters of an escape like `\d`. */
  private classMember(): string {
    const c = this.source[this.at++];
    if (c !== '\\') {
      const point = this.source.codePointAt(this.at - 1) ?? 0;
      if (point > 0xffff) this.at++;
      return String.fromCodePoint(point);
    }
    const node = this.escape(true);
    return node.kind === 'chars' ? node.chars : '';
  }
}

function without(all: string, excluded: string): string {
  return [...all].filter((c) => !excluded.includes(c)).join('');
}

function unicodeClass(name: string): string {
  switch (name.replace(/^(General_Category|gc)=/, '')) {
    case 'L':
    case 'Letter':
    case 'Alphabetic':
    case 'Alpha':
      return UPPER + LOWER;
    case 'Lu':
    case 'Uppercase_Letter':
    case 'Uppercase':
      return UPPER;
    case 'Ll':
    case 'Lowercase_Letter':
    case 'Lowercase':
      return LOWER;
    case 'N':
    case 'Nd':
    case 'Number':
    case 'Decimal_Number':
      return DIGITS;
    default:
      throw new Unsupported();
  }
}
