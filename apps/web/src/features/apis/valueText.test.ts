import { describe, expect, it } from 'vitest';
import { listText, parseListText, parseValueText, valueText } from './valueText';

describe('values typed as text', () => {
  it('reads an enumeration, numbers and literals as JSON, the rest as text', () => {
    expect(parseListText('available, sold, 3, true')).toEqual(['available', 'sold', 3, true]);
    expect(parseListText(' , ')).toBeNull();
  });

  it('shows stored values the way they are typed', () => {
    expect(listText(['available', 3, null])).toBe('available, 3, null');
    expect(listText(null)).toBe('');
  });

  it('reads an example as JSON when it is, else as text', () => {
    expect(parseValueText('{"id":1}')).toEqual({ id: 1 });
    expect(parseValueText('Rex')).toBe('Rex');
    expect(valueText({ id: 1 })).toBe('{"id":1}');
    expect(valueText(undefined)).toBe('');
  });
});
