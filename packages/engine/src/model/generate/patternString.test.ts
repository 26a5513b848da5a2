import { describe, expect, it } from 'vitest';
import { patternString } from './patternString.js';
import { Random } from './random.js';

// Tests only compile these patterns with JavaScript's RegExp, to judge what the generator wrote.

describe('a string its pattern matches', () => {
  it('writes literals, classes, escapes, groups, alternatives and quantifiers', () => {
    const patterns = [
      '^[A-Z]{3}-\\d{4}$',
      '^\\+[0-9]{6,15}$',
      '^(draft|live|archived)$',
      '^(?:[0-9a-f]{2}:){5}[0-9a-f]{2}$',
      '^(?<year>\\d{4})-(?<month>0[1-9]|1[0-2])$',
      '^[^\\s@]+@[^\\s@]+\\.[a-z]{2,}$',
      '^\\p{Lu}\\p{Ll}+$',
      '^[\\u0041-\\u0046]{2}\\x2D\\u{1F600}$',
      '^v\\d+(\\.\\d+)*?$',
      '^[-a-z_.]+$',
      'ab?c*d+',
    ];
    for (const pattern of patterns) {
      const expression = new RegExp(pattern, 'u');
      for (let seed = 1; seed <= 100; seed++) {
        const text = patternString(pattern, new Random(seed));
        expect(text !== undefined && expression.test(text), `${pattern} → ${text}`).toBe(true);
      }
    }
  });

  it('writes the same string for the same seed', () => {
    expect(patternString('^[a-z]{8}$', new Random(3))).toBe(patternString('^[a-z]{8}$', new Random(3)));
  });

  it('answers nothing for what it cannot write: lookarounds and backreferences', () => {
    for (const pattern of ['^(?=a)a$', '(a)\\1', '^(?!x).+$', '(?<n>a)\\k<n>'])
      expect(patternString(pattern, new Random(1))).toBeUndefined();
  });

  it('writes a bounded string for a pattern that asks for a huge one', () => {
    const text = patternString('^((a{1000}){1000}){1000}$', new Random(1));
    expect((text ?? '').length).toBeLessThanOrEqual(5_000);
  });
});
