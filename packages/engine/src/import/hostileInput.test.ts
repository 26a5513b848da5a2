import { MAX_IMPORT_BYTES } from '@sandbox/contracts';
import { describe, expect, it } from 'vitest';
import { documentWithSchemas, importErrorOf, importJson } from '../../test/support/import/importHelpers.js';
import { importOpenApi } from './importOpenApi.js';

// Each of these must fail fast with a message a person can act on (assertions are on messages, not time).
describe('hostile or broken input', () => {
  it('refuses invalid JSON, saying on which line and column', () => {
    const error = importErrorOf(() =>
      importOpenApi('{\n  "openapi": "3.0.0",\n  "paths": {,}\n}', 'api.json'),
    );
    expect(error.message).toBe(
      'The file is not valid JSON: expected a property name in double quotes but found ","',
    );
    expect(error.detail).toBe('line 3, column 13');
    expect(importErrorOf(() => importOpenApi('{"openapi": tru}', 'api.json')).detail).toBe(
      'line 1, column 13',
    );
    expect(importErrorOf(() => importOpenApi('{"openapi": "3.0.0"', 'api.json')).message).toMatch(
      /unexpected end of file/,
    );
  });

  it('refuses invalid YAML, saying on which line', () => {
    const error = importErrorOf(() =>
      importOpenApi('openapi: 3.0.0\npaths:\n  /a: [1, 2\ninfo: {}\n', 'api.yaml'),
    );
    expect(error.message).toMatch(/^The file is not valid YAML: /);
    expect(error.detail).toMatch(/^line 4, column 1$/);
    expect(importErrorOf(() => importOpenApi('openapi: 3.0.0\nopenapi: 3.1.0\n', 'api.yaml')).detail).toBe(
      'line 2, column 1',
    );
  });

  it('refuses a JSON file that is not OpenAPI or Swagger', () => {
    for (const text of [
      '{"name": "my-package", "version": "1.0.0"}',
      '[1, 2]',
      '"text"',
      '{"openapi": "3.0.0"}',
    ]) {
      expect(importErrorOf(() => importOpenApi(text, 'package.json')).message).toBe(
        'The file is not an OpenAPI or Swagger document',
      );
    }
    expect(importErrorOf(() => importOpenApi('{"swagger": "1.2", "paths": {}}', 'old.json')).message).toMatch(
      /1\.2 is not supported/,
    );
  });

  it('refuses 10,000 levels of nesting in JSON and in YAML', () => {
    const deepJson = `{"openapi": "3.0.0", "paths": {}, "x": ${'['.repeat(10_000)}${']'.repeat(10_000)}}`;
    expect(importErrorOf(() => importOpenApi(deepJson, 'deep.json')).message).toBe(
      'The document is nested too deeply',
    );
    expect(importErrorOf(() => importOpenApi(deepJson, 'deep.yaml')).message).toBe(
      'The document is nested too deeply',
    );
    const deepFlow = `openapi: 3.0.0\npaths: {}\nx: ${'{a: '.repeat(10_000)}1${'}'.repeat(10_000)}\n`;
    expect(importErrorOf(() => importOpenApi(deepFlow, 'deep.yaml')).message).toBe(
      'The document is nested too deeply',
    );
    const deepBlock = `openapi: 3.0.0\npaths: {}\nx: ${'- '.repeat(10_000)}a\n`;
    expect(importErrorOf(() => importOpenApi(deepBlock, 'deep.yaml')).message).toBe(
      'The document is nested too deeply',
    );
    const indented = Array.from({ length: 2_000 }, (_, level) => `${' '.repeat(level)}k:`).join('\n');
    expect(importErrorOf(() => importOpenApi(indented, 'deep.yml')).message).toBe(
      'The document is nested too deeply',
    );
  });

  it('refuses a YAML alias bomb (billion laughs)', () => {
    const levels = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let level = 1; level < 9; level++) {
      const name = String.fromCharCode(97 + level);
      const previous = String.fromCharCode(96 + level);
      levels.push(`${name}: &${name} [${Array(9).fill(`*${previous}`).join(',')}]`);
    }
    const bomb = `openapi: 3.0.0\npaths: {}\n${levels.join('\n')}\n`;
    expect(importErrorOf(() => importOpenApi(bomb, 'bomb.yaml')).message).toBe(
      'The file uses too many YAML aliases',
    );
  });

  it('refuses a YAML alias that makes a schema contain itself', () => {
    const cyclic = `openapi: 3.0.0\npaths: {}\ncomponents:\n  schemas:\n    Knot: &knot\n      type: object\n      properties:\n        again: *knot\n`;
    expect(importErrorOf(() => importOpenApi(cyclic, 'knot.yaml')).message).toBe(
      'The document is nested too deeply',
    );
  });

  it('refuses references that double at every level instead of expanding them', () => {
    const levels = Object.fromEntries(
      Array.from({ length: 40 }, (_, level) => [
        `L${level}`,
        {
          type: 'object',
          properties: {
            left: { $ref: `#/x-levels/L${level + 1}` },
            right: { $ref: `#/x-levels/L${level + 1}` },
          },
        },
      ]),
    );
    const document = {
      ...documentWithSchemas({ Root: { $ref: '#/x-levels/L0' } }),
      'x-levels': { ...levels, L40: { type: 'string' } },
    };
    expect(importErrorOf(() => importJson(document)).message).toBe(
      'The document expands into too many schemas',
    );
  });

  it('refuses a 50 MB file before parsing it', () => {
    const huge = `{"openapi": "3.0.0", "paths": {}, "padding": "${'x'.repeat(50 * 1024 * 1024)}"}`;
    const error = importErrorOf(() => importOpenApi(huge, 'huge.json'));
    expect(error.message).toBe('The file is too large');
    expect(MAX_IMPORT_BYTES).toBe(10 * 1024 * 1024);
  });

  it('refuses an empty file', () => {
    expect(importErrorOf(() => importOpenApi('  \n', 'empty.yaml')).message).toBe('The file is empty');
  });
});
