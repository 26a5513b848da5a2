// Hostile-pattern bench: the most CPU one sandbox request can spend on tenant patterns. Each pattern
// is fed hostile input just within a request's budget, on a freshly compiled pattern (its lazy DFA
// cold, as for a new deployment). Run: node --import tsx bench/hostilePatterns.ts
import {
  compileTenantPattern,
  PatternBudget,
  REQUEST_PATTERN_WORK,
} from '@sandbox/engine/shared/tenantPattern';

const ROUNDS = 5;
/** Random a/b text: what keeps an `a[ab]{n}` pattern's DFA building new states at every character. */
const randomAb = (length: number) => Array.from({ length }, () => (Math.random() < 0.5 ? 'a' : 'b')).join('');
const hostile: [string, (length: number) => string][] = [
  ['^(a+)+$', (length) => `${'a'.repeat(length - 1)}!`],
  ['^(a|aa)+$', (length) => `${'a'.repeat(length - 1)}!`],
  ['a[ab]{20}$', randomAb],
  ['a[ab]{600}$', randomAb],
  ['[a-z]{1000}', (length) => 'a'.repeat(length)],
];

function compiled(source: string) {
  const result = compileTenantPattern(source);
  if (!('pattern' in result)) throw new Error(`${source}: ${result.refusal}`);
  return result.pattern;
}

let worst = 0;
for (const [source, input] of hostile) {
  // a test costs size × (length + 1): the longest input one request's budget pays for
  const length = Math.floor(REQUEST_PATTERN_WORK / compiled(source).size) - 1;
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const pattern = compiled(source);
    const value = input(length);
    const started = performance.now();
    const answer = pattern.test(value, new PatternBudget(REQUEST_PATTERN_WORK));
    times.push(performance.now() - started);
    if (answer === undefined) throw new Error(`${source}: ${length} characters are over the budget`);
  }
  const median = [...times].sort((a, b) => a - b)[Math.floor(ROUNDS / 2)] as number;
  worst = Math.max(worst, median);
  console.log(
    `hostile pattern ${source}: ${length} characters (a whole request's budget) in ${median.toFixed(1)} ms`,
  );
}

// What the same request cost before: JavaScript's backtracking RegExp doubles its work per character.
const backtracking = /^(a+)+$/;
const started = performance.now();
backtracking.test(`${'a'.repeat(24)}!`);
const before = performance.now() - started;
console.log(
  `for comparison, RegExp ^(a+)+$ on 25 characters: ${before.toFixed(0)} ms (doubling per character)`,
);
console.log(`worst request spent on patterns: ${worst.toFixed(0)} ms`);
