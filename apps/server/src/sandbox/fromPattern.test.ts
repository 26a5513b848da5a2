import { describe, expect, it } from 'vitest';
import { fromPattern } from './fromPattern.js';

describe('strings from a pattern', () => {
  it.each([
    '^\\+[0-9]{6,15}$',
    '^[A-Z]{3}-\\d{4}$',
    '^(INV|ORD)-\\d+$',
    '^[a-z][a-z0-9_]{2,9}$',
    '^\\w+@example\\.com$',
    '^#?[0-9a-fA-F]{6}$',
  ])('match %s', (pattern) => {
    const regex = new RegExp(pattern);
    for (let i = 0; i < 20; i++) expect(fromPattern(pattern)).toMatch(regex);
  });

  it('stays small for nested quantifiers that multiply', () => {
    const nested = `${'('.repeat(30)}ab${')+'.repeat(30)}`;
    expect(fromPattern(nested).length).toBeLessThanOrEqual(5000);
    expect(fromPattern('[\\u0000-\\uFFFF]{1000}').length).toBeLessThanOrEqual(5000);
  });
});
