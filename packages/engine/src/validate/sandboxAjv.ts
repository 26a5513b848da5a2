import Ajv2020 from 'ajv/dist/2020.js';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import { PatternBudget, REQUEST_PATTERN_WORK, tenantPatternOf } from '../shared/tenantPattern.js';

// The one Ajv configuration (JSON Schema 2020-12) that judges values against a document's schemas:
// requests, answers, stored records, test data, generated values and the document's examples. A
// tenant's `pattern` runs on RE2 (linear time) within a budget of pattern work, never on JavaScript's
// RegExp; formats are checked by expressions that stay linear on anonymous input.

/** Where a document's named schemas join an Ajv instance: `REGISTRY` + the name, URI-encoded. */
export const REGISTRY = 'https://sandbox.invalid/schemas/';

export const registryRef = (name: string) => REGISTRY + encodeURIComponent(name);

interface PatternRun {
  budget: PatternBudget;
  /** Patterns whose test the budget could not pay for, by source. */
  exhausted: Set<string>;
  /** What a pattern the linear engine cannot run says: true, not enforced; false, not met. */
  unrunnableMet: boolean;
}

/** The run being validated: Ajv calls patterns synchronously, within validate(). */
let active: PatternRun | undefined;

/**
 * Runs a compiled validator with the patterns it tests paid from `budget`. `unrunnableMet`: a pattern
 * the linear engine cannot run (named in the import's warnings) is not enforced, as in a request; false,
 * it is not met, so the generator writes a value of its own over a doubtful example.
 */
export function withPatternBudget<T>(
  budget: PatternBudget,
  validate: () => T,
  unrunnableMet = true,
): { result: T; exhausted: Set<string> } {
  const outer = active;
  const run: PatternRun = { budget, exhausted: new Set(), unrunnableMet };
  active = run;
  try {
    return { result: validate(), exhausted: run.exhausted };
  } finally {
    active = outer;
  }
}

const tenantRegExp = Object.assign(
  (source: string) => {
    const pattern = tenantPatternOf(source);
    // Ajv keeps one matcher per distinct toString(): the source tells them apart
    const named = () => source;
    if (pattern === null) return { test: () => active?.unrunnableMet ?? true, toString: named };
    return {
      toString: named,
      test(value: string): boolean {
        // outside a run (never, today) a test pays from a budget of its own
        if (!active) return pattern.test(value, new PatternBudget(REQUEST_PATTERN_WORK)) === true;
        const matches = pattern.test(value, active.budget);
        if (matches !== undefined) return matches;
        // past the budget a value is refused, not let through unchecked
        active.exhausted.add(source);
        return false;
      },
    };
  },
  { code: 'tenantRegExp' },
);

type FormatCheck = (value: string) => boolean;

const ajvFormat = (name: keyof typeof fullFormats): FormatCheck => {
  const format = fullFormats[name];
  if (typeof format === 'function') return format as FormatCheck;
  if (format instanceof RegExp) return (value) => format.test(value);
  return (format as { validate: FormatCheck }).validate;
};

const matches =
  (expression: RegExp): FormatCheck =>
  (value) =>
    expression.test(value);

const INT32 = {
  type: 'number' as const,
  validate: (n: number) => Number.isInteger(n) && Math.abs(n) <= 2 ** 31,
};
const anyNumber = { type: 'number' as const, validate: () => true };

// Dates and times by ajv-formats' RFC 3339 checks; the rest by expressions each linear under
// backtracking (a domain's labels exclude the dot that separates them: one way to split them).
// ajv-formats' own email and uri expressions are not written for anonymous input. A format the
// product does not know is not checked, as JSON Schema 2020-12 lets an implementation do.
const FORMATS = {
  date: ajvFormat('date'),
  time: ajvFormat('time'),
  'date-time': ajvFormat('date-time'),
  duration: ajvFormat('duration'),
  uuid: matches(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i),
  email: matches(/^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/),
  uri: matches(/^[a-z][a-z0-9+.-]*:\S+$/i),
  ipv4: ajvFormat('ipv4'),
  byte: matches(/^[A-Za-z0-9+/]*={0,2}$/),
  int32: INT32,
  int64: { type: 'number' as const, validate: (n: number) => Number.isInteger(n) },
  float: anyNumber,
  double: anyNumber,
};

/**
 * An Ajv instance of the sandbox's configuration. `allErrors`: every problem is found, for a request's
 * answer; without it validation stops at the first, for a yes or no.
 */
export function newAjv({ allErrors = true }: { allErrors?: boolean } = {}): Ajv2020 {
  return new Ajv2020({
    strict: false,
    allErrors,
    verbose: allErrors,
    logger: false,
    validateSchema: false,
    validateFormats: true,
    formats: FORMATS,
    unicodeRegExp: false,
    code: { regExp: tenantRegExp },
  });
}
