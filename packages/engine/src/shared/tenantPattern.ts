import { RE2JS, RE2JSSyntaxException, RE2Set } from 're2js';
import { estimateProgramSize } from './estimateProgramSize.js';

// A document's `pattern` is text a tenant wrote, run against anonymous callers' input on the event
// loop every team shares. It is compiled here and nowhere else: by RE2 (time linear in the input, no
// backtracking), within sizes that keep it cheap, and tested only against a budget of work.

/** Longer patterns are refused: no real schema needs more. */
export const MAX_PATTERN_LENGTH = 1000;

/** RE2 instructions of one pattern: a test's time grows with instructions × characters. */
export const MAX_PATTERN_PROGRAM = 2000;

/**
 * Instructions × characters one sandbox request may spend on pattern tests: about 20 ms on the most
 * hostile pattern and input (bench/hostilePatterns.ts), far more text than real requests check.
 */
export const REQUEST_PATTERN_WORK = 1_000_000;

/** The same for one test-data upload, which may hold thousands of rows: under half a second. */
export const UPLOAD_PATTERN_WORK = 20_000_000;

/**
 * RE2's lazy DFA may grow to 8 MB per pattern on hostile input, for every pattern of every cached API;
 * RE2Set is the entry point that lets us bound it (about 100 KB of heap then), and past the bound it
 * falls back to its NFA, still linear and no slower on the most hostile input we measured.
 */
const DFA_MEMORY = 64 * 1024;

/** The work a run of tests may still do; every test pays for itself before it runs. */
export class PatternBudget {
  constructor(private left: number) {}

  spend(work: number): boolean {
    if (work > this.left) return false;
    this.left -= work;
    return true;
  }
}

export class TenantPattern {
  private readonly matcher: RE2Set;

  /** `source` is the pattern as the document wrote it, in ECMAScript syntax; `size` its RE2 instructions. */
  constructor(
    readonly source: string,
    re2: string,
    readonly size: number,
  ) {
    this.matcher = new RE2Set(RE2Set.UNANCHORED, 0, DFA_MEMORY);
    this.matcher.add(re2);
    this.matcher.compile();
  }

  /**
   * Whether the pattern occurs in `value` (JSON Schema's `pattern` is an unanchored search), or
   * undefined when the budget cannot pay for the test.
   */
  test(value: string, budget: PatternBudget): boolean | undefined {
    if (!budget.spend(this.size * (value.length + 1))) return undefined;
    return this.matcher.match(value).length > 0;
  }
}

export type PatternCompilation = { pattern: TenantPattern } | { refusal: string };

/** Compiles a tenant's pattern, or says in a few words why it will not run. */
export function compileTenantPattern(source: string): PatternCompilation {
  if (source.length > MAX_PATTERN_LENGTH)
    return { refusal: `it is longer than ${MAX_PATTERN_LENGTH} characters` };
  const re2 = toRe2Syntax(source);
  if (typeof re2 !== 'string') return re2;
  // compiling costs as much as the program is large: estimate before paying for it
  if (estimateProgramSize(re2) > 2 * MAX_PATTERN_PROGRAM) return tooComplex;
  let size: number;
  try {
    size = RE2JS.compile(re2).programSize();
  } catch (error) {
    if (error instanceof RE2JSSyntaxException) return { refusal: explain(error) };
    throw error;
  }
  if (size > MAX_PATTERN_PROGRAM) return tooComplex;
  return { pattern: new TenantPattern(source, re2, size) };
}

const tooComplex = {
  refusal: `it is too complex: it compiles to more than ${MAX_PATTERN_PROGRAM} RE2 instructions`,
};

// `\uD83D\uDE00`: ECMAScript with the `u` flag reads an escaped surrogate pair as one character.
const SURROGATE_PAIR = /\\u(d[89ab][0-9a-f]{2})\\u(d[c-f][0-9a-f]{2})/iy;

/**
 * ECMAScript syntax to RE2's. RE2JS's own translation turns `\k<name>` into the letter k, which would
 * silently change a backreference's meaning: refuse it here instead.
 */
function toRe2Syntax(source: string): string | { refusal: string } {
  let out = '';
  for (let i = 0; i < source.length; i++) {
    if (source[i] !== '\\') {
      out += source[i];
      continue;
    }
    if (source[i + 1] === 'k') return backreference;
    SURROGATE_PAIR.lastIndex = i;
    const pair = SURROGATE_PAIR.exec(source);
    if (pair) {
      const high = Number.parseInt(pair[1], 16);
      const low = Number.parseInt(pair[2], 16);
      out += `\\u{${(((high - 0xd800) << 10) + (low - 0xdc00) + 0x10000).toString(16)}}`;
      i += pair[0].length - 1;
    } else {
      out += source.slice(i, i + 2);
      i++;
    }
  }
  return RE2JS.translateRegExp(out);
}

const backreference = { refusal: 'backreferences are not supported' };

function explain(error: RE2JSSyntaxException): string {
  const fragment = error.getPattern() ?? '';
  if (/^\(\?<?[=!]/.test(fragment)) return 'lookahead and lookbehind are not supported';
  if (/^\\[1-9]/.test(fragment)) return backreference.refusal;
  return fragment ? `${error.getDescription()}: ${fragment}` : error.getDescription();
}

const compiledPatterns = new Map<string, TenantPattern | null>();

/**
 * A tenant's pattern compiled once, or null when the linear engine will not run it. The same few
 * patterns are tested again and again (each validator compiled, each candidate string written).
 */
export function tenantPatternOf(source: string): TenantPattern | null {
  let pattern = compiledPatterns.get(source);
  if (pattern === undefined) {
    const result = compileTenantPattern(source);
    pattern = 'pattern' in result ? result.pattern : null;
    if (compiledPatterns.size >= 500) compiledPatterns.clear();
    compiledPatterns.set(source, pattern);
  }
  return pattern;
}
