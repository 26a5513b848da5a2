import { describe, expect, it } from 'vitest';
import { capitaliseFirst, digitsOnly, isDigitKey, maskVersion, versionCutNote } from './inputMasks';

describe('input masks', () => {
  it('capitalises the first letter only', () => {
    expect(capitaliseFirst('pet store')).toBe('Pet store');
    expect(capitaliseFirst('Pet')).toBe('Pet');
    expect(capitaliseFirst('')).toBe('');
    expect(capitaliseFirst('1st api')).toBe('1st api');
  });

  it('masks the version as digit, dot, digit while typing', () => {
    expect(maskVersion('')).toBe('');
    expect(maskVersion('a')).toBe('');
    expect(maskVersion('1')).toBe('1');
    expect(maskVersion('1.')).toBe('1.');
    expect(maskVersion('1.2')).toBe('1.2');
    expect(maskVersion('12')).toBe('1.2');
    expect(maskVersion('1.23')).toBe('1.2');
    expect(maskVersion('v1.x0')).toBe('1.0');
    expect(maskVersion('.1')).toBe('1');
  });

  it('says when the version mask cut what was written, and only then', () => {
    const note = (kept: string) => `Only a digit, a dot and a digit fit: the version is kept as ${kept}`;
    expect(versionCutNote('1.2.3', '1.2')).toBe(note('1.2'));
    expect(versionCutNote('1.2.', '1.2')).toBe(note('1.2'));
    expect(versionCutNote('1.23', '1.2')).toBe(note('1.2'));
    expect(versionCutNote('10.2', '1.0')).toBe(note('1.0'));
    expect(versionCutNote('1.2', '1.2')).toBeUndefined();
    expect(versionCutNote('12', '1.2')).toBeUndefined();
    expect(versionCutNote('v1.', '1.')).toBeUndefined();
  });

  it('keeps digits only', () => {
    expect(digitsOnly('12ab3')).toBe('123');
    expect(digitsOnly('-5.5')).toBe('55');
    expect(digitsOnly('')).toBe('');
  });

  it('lets digit keys, editing keys and shortcuts through', () => {
    expect(isDigitKey('7', false)).toBe(true);
    expect(isDigitKey('Backspace', false)).toBe(true);
    expect(isDigitKey('ArrowLeft', false)).toBe(true);
    expect(isDigitKey('v', true)).toBe(true);
    expect(isDigitKey('e', false)).toBe(false);
    expect(isDigitKey('-', false)).toBe(false);
    expect(isDigitKey('.', false)).toBe(false);
  });
});
