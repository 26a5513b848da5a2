import { describe, expect, it } from 'vitest';
import { invalidOf, readPreferences, responseFor, successOf, tableOf } from './chooseResponse.js';

const table = (...codes: string[]) => tableOf(codes.map((declaredCode) => ({ declaredCode })));
const codeOf = (chosen: { response: { declaredCode: string }; status: number } | undefined) =>
  chosen && `${chosen.response.declaredCode}→${chosen.status}`;

describe('choosing the declared response', () => {
  it('answers a valid request with the lowest 2xx, else 2XX, else default, else the lowest code', () => {
    expect(codeOf(successOf(table('404', '201', '200', 'default')))).toBe('200→200');
    expect(codeOf(successOf(table('2XX', 'default')))).toBe('2XX→200');
    expect(codeOf(successOf(table('default', '404')))).toBe('default→200');
    expect(codeOf(successOf(table('500', '404')))).toBe('404→404');
    expect(codeOf(successOf(table('5XX')))).toBe('5XX→500');
    expect(successOf(table())).toBeUndefined();
  });

  it('finds a status exactly, else in its range, else in default', () => {
    const responses = table('200', '404', '4XX', 'default');
    expect(codeOf(responseFor(responses, 404))).toBe('404→404');
    expect(codeOf(responseFor(responses, 409))).toBe('4XX→409');
    expect(codeOf(responseFor(responses, 503))).toBe('default→503');
    expect(responseFor(table('200'), 503)).toBeUndefined();
  });

  it('reads ranges in either case and keeps the first of duplicates', () => {
    expect(codeOf(responseFor(table('2xx'), 201))).toBe('2xx→201');
  });

  it('answers an invalid request with 422, else 400, else 4XX or default as 400', () => {
    expect(codeOf(invalidOf(table('400', '422', 'default')))).toBe('422→422');
    expect(codeOf(invalidOf(table('400', 'default')))).toBe('400→400');
    expect(codeOf(invalidOf(table('4XX', 'default')))).toBe('4XX→400');
    expect(codeOf(invalidOf(table('default')))).toBe('default→400');
    expect(invalidOf(table('200', '404'))).toBeUndefined();
  });
});

describe('reading what a client prefers', () => {
  it('reads Prefer with commas or semicolons, quoted or not', () => {
    expect(readPreferences('code=404, example=cat', {})).toEqual({ code: 404, example: 'cat' });
    expect(readPreferences('code=404; dynamic=true', {})).toEqual({ code: 404, dynamic: true });
    expect(readPreferences('example="big dog"', {})).toEqual({ example: 'big dog' });
  });

  it('reads Prism’s query forms, the header winning over them', () => {
    expect(readPreferences(undefined, { __code: '500', __example: 'x', __dynamic: 'false' })).toEqual({
      code: 500,
      example: 'x',
      dynamic: false,
    });
    expect(readPreferences('code=201', { __code: '500', __example: 'x' })).toEqual({
      code: 201,
      example: 'x',
    });
  });

  it('leaves out what it cannot read, and answers nothing when nothing is asked', () => {
    expect(readPreferences('code=abc, dynamic=maybe, respond-async', {})).toBeUndefined();
    expect(readPreferences('return=minimal', {})).toBeUndefined();
    expect(readPreferences(undefined, { limit: '5', constructor: 'x' })).toBeUndefined();
  });
});
