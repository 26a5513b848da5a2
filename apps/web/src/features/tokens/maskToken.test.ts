import { describe, expect, it } from 'vitest';
import { maskToken } from './maskToken';

describe('masking a token', () => {
  it('keeps the first eight characters and hides the rest', () => {
    expect(maskToken('sbx_abcdefghijklmnop')).toBe('sbx_abcd••••••••');
  });

  it('hides how long the token is', () => {
    expect(maskToken('sbx_abcd')).toBe(maskToken(`sbx_abcd${'x'.repeat(40)}`));
  });
});
