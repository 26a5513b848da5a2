import { describe, expect, it } from 'vitest';
import {
  documentWithSchemas,
  importJson,
  propertyOf,
  schemaNamed,
} from '../../test/support/import/importHelpers.js';
import { MAX_IMPORT_WARNINGS } from './importWarnings.js';

const LOOKAHEAD = '^(?=.*\\d)[a-z0-9]+$';
const refusal = (pattern: string) =>
  `The pattern ${pattern} is not enforced: lookahead and lookbehind are not supported`;

describe('patterns the sandbox cannot run in linear time', () => {
  it('are left out of a schema and its properties, each named by its pointer', () => {
    const api = importJson(
      documentWithSchemas({
        Account: {
          type: 'object',
          properties: {
            login: { type: 'string', pattern: LOOKAHEAD },
            code: { type: 'string', pattern: '^[A-Z]{3}$' },
          },
        },
        Twice: { type: 'string', pattern: '^(\\w)\\1$' },
      }),
    );
    expect(propertyOf(schemaNamed(api, 'Account'), 'login').pattern).toBeUndefined();
    expect(propertyOf(schemaNamed(api, 'Account'), 'code').pattern).toBe('^[A-Z]{3}$');
    expect(schemaNamed(api, 'Twice').pattern).toBeUndefined();
    expect(api.warnings).toEqual([
      { pointer: '#/components/schemas/Account/properties/login/pattern', message: refusal(LOOKAHEAD) },
      {
        pointer: '#/components/schemas/Twice/pattern',
        message: 'The pattern ^(\\w)\\1$ is not enforced: backreferences are not supported',
      },
    ]);
  });

  it('are left out of OpenAPI 3 and Swagger 2 parameters, each named by its pointer', () => {
    const operation = (parameter: object) => ({
      parameters: [parameter],
      responses: { '200': { description: 'ok' } },
    });
    const openapi = importJson({
      openapi: '3.0.3',
      info: { title: 'A', version: '1' },
      paths: {
        '/a': { get: operation({ name: 'q', in: 'query', schema: { type: 'string', pattern: LOOKAHEAD } }) },
      },
    });
    expect(openapi.endpoints[0].parameterConfigList[0].pattern).toBeUndefined();
    expect(openapi.warnings).toEqual([
      { pointer: '#/paths/~1a/get/parameters/0/schema/pattern', message: refusal(LOOKAHEAD) },
    ]);
    const swagger = importJson({
      swagger: '2.0',
      info: { title: 'A', version: '1' },
      paths: { '/a': { get: operation({ name: 'q', in: 'query', type: 'string', pattern: LOOKAHEAD }) } },
    });
    expect(swagger.warnings).toEqual([
      { pointer: '#/paths/~1a/get/parameters/0/pattern', message: refusal(LOOKAHEAD) },
    ]);
  });

  it('are listed up to a limit, with a count of the rest', () => {
    const many = Object.fromEntries(
      Array.from({ length: 80 }, (_, i) => [`S${i}`, { type: 'string', pattern: LOOKAHEAD }]),
    );
    const { warnings = [] } = importJson(documentWithSchemas(many));
    expect(warnings).toHaveLength(MAX_IMPORT_WARNINGS);
    expect(warnings.at(-1)).toEqual({ pointer: '#', message: '31 more warnings are not listed' });
  });

  it('leave a document whose patterns all run without warnings', () => {
    const api = importJson(documentWithSchemas({ Code: { type: 'string', pattern: '^[A-Z]{3}-\\d{4}$' } }));
    expect(api.warnings).toEqual([]);
  });
});
