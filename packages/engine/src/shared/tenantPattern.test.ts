import { describe, expect, it } from 'vitest';
import {
  compileTenantPattern,
  MAX_PATTERN_LENGTH,
  PatternBudget,
  REQUEST_PATTERN_WORK,
  type TenantPattern,
} from './tenantPattern.js';

function compiled(source: string): TenantPattern {
  const result = compileTenantPattern(source);
  if ('refusal' in result) throw new Error(`${source} refused: ${result.refusal}`);
  return result.pattern;
}

const test = (source: string, value: string) =>
  compiled(source).test(value, new PatternBudget(REQUEST_PATTERN_WORK));

describe('a tenant pattern', () => {
  it.each([
    ['^[A-Z]{3}-\\d{4}$', ['ABC-1234', 'ABC-123', 'xABC-1234', 'abc-1234']],
    ['^\\+[0-9]{6,15}$', ['+351912345678', '351912345678', '+12']],
    ['^(INV|ORD)-\\d+$', ['INV-1', 'ORD-22', 'REF-3', 'INV-']],
    ['[a-z]+', ['123abc', '123', '']],
    ['\\d{3}', ['ab123cd', 'ab12cd']],
    ['^\\w+@example\\.com$', ['ann@example.com', 'ann@exampleXcom']],
    ['^[\\u0041-\\u005A]+$', ['ABC', 'abc']],
    ['^\\uD83D\\uDE00$', ['😀', '\uD83D']],
    ['^\\u{1F600}+$', ['😀😀', 'x']],
    ['^a/b$', ['a/b', 'ab']],
    ['^(?<year>\\d{4})-\\d{2}$', ['2024-05', '24-05']],
    ['^\\p{Lu}\\p{Ll}+$', ['Élodie', 'élodie']],
    ['', ['', 'anything']],
  ])('%s searches as ECMAScript would', (source, values) => {
    const ecmascript = new RegExp(source, 'u');
    for (const value of values) expect(test(source, value), value).toBe(ecmascript.test(value));
  });

  it('answers the exponential case of a backtracking engine at once', () => {
    expect(test('^(a+)+$', `${'a'.repeat(10_000)}!`)).toBe(false);
    expect(test('^(a|aa)+$', `${'a'.repeat(10_000)}!`)).toBe(false);
    expect(test('^(a+)+$', 'a'.repeat(10_000))).toBe(true);
  });

  it.each([
    ['^(?=.*\\d).+$', 'lookahead and lookbehind are not supported'],
    ['^(?!draft)', 'lookahead and lookbehind are not supported'],
    ['(?<=\\$)\\d+', 'lookahead and lookbehind are not supported'],
    ['(?<!-)\\d+', 'lookahead and lookbehind are not supported'],
    ['^(\\w)\\1$', 'backreferences are not supported'],
    ['^(?<c>\\w)\\k<c>$', 'backreferences are not supported'],
    ['[a-z', 'missing closing ]: [a-z'],
    ['a'.repeat(MAX_PATTERN_LENGTH + 1), `it is longer than ${MAX_PATTERN_LENGTH} characters`],
    ['(?:[a-z]{1000}){2}', 'it is too complex: it compiles to more than 2000 RE2 instructions'],
    [
      '(?:(?:a|b|c|d){1,1000})'.repeat(40),
      'it is too complex: it compiles to more than 2000 RE2 instructions',
    ],
  ])('%s is refused: %s', (source, refusal) => {
    expect(compileTenantPattern(source)).toEqual({ refusal });
  });

  it('tests only while its budget lasts, and says when it cannot', () => {
    const pattern = compiled('^[a-z]+$');
    const budget = new PatternBudget(1000);
    expect(pattern.test('a'.repeat(50), budget)).toBe(true);
    expect(pattern.test('a'.repeat(500), budget)).toBeUndefined();
    expect(pattern.test('abc', budget)).toBe(true);
  });
});
