import { describe, expect, it } from 'vitest';
import { describeJsonError, jsonSyntaxError } from './jsonSyntaxError';

describe('a JSON syntax error', () => {
  it('is none for JSON, and none for a blank text', () => {
    expect(jsonSyntaxError('{"a": [1, 2]}')).toBeNull();
    expect(jsonSyntaxError('  \n')).toBeNull();
  });

  it('names the line and column of a missing comma', () => {
    const error = jsonSyntaxError('{\n  "a": 1\n  "b": 2\n}');
    expect(error).toMatchObject({ from: 13, line: 3, column: 3 });
    expect(error?.message).not.toMatch(/position/);
    expect(describeJsonError(error as NonNullable<typeof error>)).toMatch(/^Line 3, column 3: \S/);
  });

  it('puts an unfinished text’s error at its end', () => {
    expect(jsonSyntaxError('{"a": ')).toMatchObject({ from: 6, line: 1, column: 7 });
  });

  it('reads the place from a Firefox-style message too', () => {
    const parse = JSON.parse;
    JSON.parse = () => {
      throw new SyntaxError('JSON.parse: unexpected character at line 2 column 4 of the JSON data');
    };
    try {
      expect(jsonSyntaxError('{\n  x\n}')).toEqual({
        from: 5,
        line: 2,
        column: 4,
        message: 'Unexpected character',
      });
    } finally {
      JSON.parse = parse;
    }
  });
});
