import { describe, expect, it } from 'vitest';
import { CsvSyntaxError, parseCsv, toCsv } from './csv.js';

describe('CSV', () => {
  it('reads quoted fields with commas, quotes and line breaks', () => {
    expect(parseCsv('name,note\r\n"Rex, Jr.","said ""hi""\nthen left"\r\nTom,\n')).toEqual([
      ['name', 'note'],
      ['Rex, Jr.', 'said "hi"\nthen left'],
      ['Tom', ''],
    ]);
  });

  it('skips a byte-order mark and blank lines', () => {
    expect(parseCsv('\ufeffa,b\n\n1,2\n')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('says which line has an unclosed quote', () => {
    expect(() => parseCsv('a\n"open')).toThrow(CsvSyntaxError);
    expect(() => parseCsv('a\n"open')).toThrow(/Line 2/);
  });

  it('writes what it reads', () => {
    const text = toCsv(['name', 'tags'], [['Rex, Jr.', ['a', 'b']]]);
    expect(parseCsv(text)).toEqual([
      ['name', 'tags'],
      ['Rex, Jr.', '["a","b"]'],
    ]);
  });
});
