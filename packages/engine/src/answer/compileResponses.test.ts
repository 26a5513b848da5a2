import type { DeclaredOperation, ResponseConfig } from '@sandbox/contracts';
import { describe, expect, it } from 'vitest';
import { ApiModel } from '../model/apiModel.js';
import { compileResponses } from './compileResponses.js';

const model = new ApiModel(
  new Map([
    ['Pet', { type: 'object', required: ['name'], properties: { name: { type: 'string' } } }],
    ['Pets', { type: 'object', properties: { total: { type: 'integer' }, items: { type: 'array' } } }],
  ]),
);
const context = { model, resourceName: 'pets', resolve: () => undefined };
const config = (responseCode: string, extra: Partial<ResponseConfig> = {}): ResponseConfig => ({
  responseCode,
  responseDescription: '',
  responseSchemaName: null,
  contentType: null,
  ...extra,
});

const operation: DeclaredOperation = {
  parameters: [],
  responses: {
    200: {
      description: 'a pet',
      headers: { 'X-Rate-Limit': { example: 10 }, 'Content-Type': { example: 'text/html' } },
      content: {
        'application/json': {
          schema: { $ref: '#/components/schemas/Pet' },
          example: { name: 'from the document' },
        },
        'application/xml': {
          schema: { $ref: '#/components/schemas/Pet' },
          examples: { rex: { value: '<pet/>' } },
        },
        'text/plain': { schema: { type: 'string' } },
      },
    },
    default: { description: 'error' },
  },
};

describe('compiling the declared responses', () => {
  it('keeps an API imported before operations were kept answering JSON from its configuration', () => {
    const compiled = compileResponses(
      [
        config('200', {
          responseSchemaName: 'Pet',
          contentType: 'application/json',
          example: { name: 'Rex' },
        }),
      ],
      null,
      context,
    );
    const success = compiled.success?.response;
    expect(success?.media).toBeNull();
    expect(success?.example).toEqual({ name: 'Rex' });
    expect(success?.schemaName).toBe('Pet');
    expect(success?.listField).toBeUndefined();
    expect(success?.headers).toEqual([]);
  });

  it('compiles every declared media type in order, the configured one with the Lab’s example', () => {
    const compiled = compileResponses(
      [
        config('200', {
          responseSchemaName: 'Pet',
          contentType: 'application/json',
          example: { name: 'edited' },
        }),
        config('default'),
      ],
      operation,
      context,
    );
    const media = compiled.success?.response.media?.media ?? [];
    expect(media.map((m) => [m.type, m.contentType, m.kind])).toEqual([
      ['application/json', 'application/json; charset=utf-8', 'json'],
      ['application/xml', 'application/xml; charset=utf-8', 'xml'],
      ['text/plain', 'text/plain; charset=utf-8', 'text'],
    ]);
    expect(media[0].example).toEqual({ value: { name: 'edited' } });
    expect(media[1].example).toEqual({ value: '<pet/>' });
    expect([...media[1].examples]).toEqual([['rex', '<pet/>']]);
    // each media type is generated from its declared schema; a configured name is for undeclared ones
    expect(media[1].schema).toEqual({ $ref: '#/components/schemas/Pet' });
    expect(media.map((m) => m.schemaName)).toEqual([undefined, undefined, undefined]);
    expect(media[2].schema).toEqual({ type: 'string' });
    expect(compiled.fallback?.media?.media).toEqual([]);
  });

  it('sends the declared headers but never a declared Content-Type', () => {
    const compiled = compileResponses([config('200'), config('default')], operation, context);
    expect(compiled.success?.response.headers).toEqual([{ name: 'x-rate-limit', value: '10' }]);
  });

  it('answers a response added in the Lab after the import with its configured type', () => {
    const compiled = compileResponses(
      [config('201', { contentType: 'application/json', example: { added: true } })],
      operation,
      context,
    );
    const [media] = compiled.success?.response.media?.media ?? [];
    expect(media.type).toBe('application/json');
    expect(media.example).toEqual({ value: { added: true } });
  });
});

describe('where a list goes in an answer', () => {
  it('is the array field of an envelope schema, or the body of an array schema', () => {
    const compiled = compileResponses(
      [config('200', { responseSchemaName: 'Pets', contentType: 'application/json' })],
      null,
      context,
    );
    expect(compiled.success?.response.listField).toBe('items');
  });
});
