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

describe('CSV cells a spreadsheet would run', () => {
  const formulas = ['=1+1', '+1+1', '-1+1', '@SUM(A1)', '\t=1', '\r=1', '=HYPERLINK("http://x","y")'];

  it.each(formulas)('writes the text %j behind a quote, in a quoted cell', (text) => {
    const written = toCsv(['note'], [[text]]).split('\r\n')[1];
    expect(written).toBe(`"'${text.replace(/"/g, '""')}"`);
  });

  it('leaves numbers, booleans, JSON and harmless text as they are', () => {
    expect(toCsv(['a', 'b', 'c', 'd', 'e'], [[-5, 3.2, false, [-1], 'Rex']])).toBe(
      'a,b,c,d,e\r\n-5,3.2,false,[-1],Rex\r\n',
    );
  });

  it('neutralises header cells too', () => {
    expect(toCsv(['=cmd', 'ok'])).toBe(`"'=cmd",ok\r\n`);
  });

  it('reads back what it wrote, quotes included', () => {
    const texts = [...formulas, "'=already quoted", "''+twice", "it's", "'plain", '-5'];
    expect(parseCsv(toCsv(texts, [texts]))).toEqual([texts, texts]);
  });

  it('takes off the quote a person typed before a formula, as a spreadsheet does', () => {
    expect(parseCsv("note\r\n'=1+1\r\n'plain\r\n")).toEqual([['note'], ['=1+1'], ["'plain"]]);
  });
});
