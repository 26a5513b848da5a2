import type { DeclaredOperation } from '@sandbox/contracts';
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
  it('compiles every declared media type in order, each with its first example', () => {
    const compiled = compileResponses(operation, context);
    const media = compiled.success?.response.media.media ?? [];
    expect(media.map((m) => [m.type, m.contentType, m.kind])).toEqual([
      ['application/json', 'application/json; charset=utf-8', 'json'],
      ['application/xml', 'application/xml; charset=utf-8', 'xml'],
      ['text/plain', 'text/plain; charset=utf-8', 'text'],
    ]);
    expect(media[0].example).toEqual({ value: { name: 'from the document' } });
    expect(media[1].example).toEqual({ value: '<pet/>' });
    expect([...media[1].examples]).toEqual([['rex', '<pet/>']]);
    // each media type is generated from its declared schema
    expect(media[1].schema).toEqual({ $ref: '#/components/schemas/Pet' });
    expect(media[2].schema).toEqual({ type: 'string' });
    expect(compiled.fallback?.media.media).toEqual([]);
  });

  it('keeps records in the JSON media type of a response that declares several', () => {
    const compiled = compileResponses(operation, context);
    expect(compiled.success?.response.records?.type).toBe('application/json');
  });

  it('sends the declared headers but never a declared Content-Type', () => {
    const compiled = compileResponses(operation, context);
    expect(compiled.success?.response.headers).toEqual([{ name: 'x-rate-limit', value: '10' }]);
  });
});

describe('where a list goes in an answer', () => {
  const answering = (schema: Record<string, unknown>): DeclaredOperation => ({
    parameters: [],
    responses: { 200: { content: { 'application/json': { schema } } } },
  });

  it('is the array field of an envelope schema, or the body of an array schema', () => {
    const envelope = compileResponses(answering({ $ref: '#/components/schemas/Pets' }), context);
    expect(envelope.success?.response.listField).toBe('items');
    const list = compileResponses(answering({ type: 'array', items: { type: 'string' } }), context);
    expect(list.success?.response.listField).toBe('');
    const record = compileResponses(answering({ $ref: '#/components/schemas/Pet' }), context);
    expect(record.success?.response.listField).toBeUndefined();
  });
});
