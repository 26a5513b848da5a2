import type { DeclaredSchema } from '@sandbox/contracts';
import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../model/toJsonSchema.js';
import { requestBodyTemplate } from './requestTemplate.js';

const NOTE = { $ref: '#/components/schemas/Note' };
const named = new Map<string, DeclaredSchema>([
  [
    'Note',
    {
      type: 'object',
      required: ['id', 'text'],
      properties: {
        id: { type: 'string', format: 'uuid', readOnly: true },
        text: { type: 'string', minLength: 3, example: 'Buy milk' },
        secret: { type: 'string', writeOnly: true, example: 'hunter22' },
        replies: { type: 'array', items: { $ref: '#/components/schemas/Note' } },
      },
    },
  ],
]);
const body = (content: Record<string, JsonSchema>) => ({
  required: true,
  content: new Map(Object.entries(content)),
});

describe("the Lab's body template", () => {
  it('writes what a request sends: write-only properties in, required read-only ones out', () => {
    const template = requestBodyTemplate('POST', body({ 'application/json': NOTE }), named) as Record<
      string,
      unknown
    >;
    expect(template).toMatchObject({ text: 'Buy milk', secret: 'hunter22' });
    expect(template).not.toHaveProperty('id');
  });

  it('stops a schema that contains itself', () => {
    const template = requestBodyTemplate('PUT', body({ 'application/json': NOTE }), named);
    expect(JSON.stringify(template).length).toBeLessThan(100_000);
  });

  it("prefers the JSON media type's schema, then a form's, and writes none for XML alone", () => {
    const form = { type: 'object', properties: { city: { type: 'string', example: 'Oslo' } } };
    const both = body({
      'application/xml': form,
      'application/x-www-form-urlencoded': form,
      'application/json': NOTE,
    });
    expect(requestBodyTemplate('PATCH', both, named)).toHaveProperty('text');
    const forms = body({ 'application/xml': NOTE, 'multipart/form-data': form });
    expect(requestBodyTemplate('POST', forms, named)).toEqual({ city: 'Oslo' });
    expect(requestBodyTemplate('POST', body({ 'application/xml': NOTE }), named)).toBeUndefined();
  });

  it('writes none for a body of any value, nor for a method other than POST, PUT or PATCH', () => {
    expect(requestBodyTemplate('POST', body({ 'application/json': true }), named)).toBeUndefined();
    expect(requestBodyTemplate('POST', body({ 'application/json': {} }), named)).toBeUndefined();
    expect(requestBodyTemplate('DELETE', body({ 'application/json': NOTE }), named)).toBeUndefined();
    expect(requestBodyTemplate('POST', undefined, named)).toBeUndefined();
  });
});
