import type { DeclaredOperation, ParameterConfig } from '@sandbox/contracts';
import { describe, expect, it } from 'vitest';
import { writeParameters, writePathChanges } from './operationEdits.js';
import { pathParameterChanges } from './pathParameters.js';

// The Params form's rows written to an imported endpoint's declared operation: only what changed.

const operation: DeclaredOperation = {
  parameters: [
    { name: 'petId', in: 'path', required: true, schema: { type: 'integer' } },
    { name: 'session', in: 'cookie', schema: { type: 'string' }, description: 'Who asks' },
    { name: 'limit', in: 'query', schema: { type: 'integer', maximum: 100 }, 'x-internal': true } as never,
    { name: 'X-Trace', in: 'header', schema: { type: 'string' } },
  ],
  responses: { '200': { description: 'One pet' } },
};

const row = (keyName: string, parameterType: 'path' | 'query', extra: Partial<ParameterConfig> = {}) => ({
  keyName,
  parameterType,
  description: null,
  isRequired: false,
  dataType: 'integer' as const,
  ...extra,
});
const before = (
  name: string,
  place: 'path' | 'query',
  description: string | null = null,
  isRequired = false,
) => ({
  name,
  in: place,
  description,
  isRequired,
});

describe('writing parameter rows to a declared operation', () => {
  it('writes a changed description and a new row, and keeps cookies, headers and extensions as written', () => {
    const edited = writeParameters(
      operation,
      [
        {
          before: before('petId', 'path', null, true),
          row: row('petId', 'path', { isRequired: true }),
          in: 'path',
          schemaChanged: false,
        },
        {
          before: before('session', 'query', 'Who asks'),
          row: row('session', 'query', { description: 'Who asks' }),
          in: 'query',
          schemaChanged: false,
        },
        {
          before: before('limit', 'query'),
          row: row('limit', 'query', { description: 'Page size' }),
          in: 'query',
          schemaChanged: false,
        },
        {
          row: row('sort', 'query', { dataType: 'string', enumValues: ['name', 'age'] }),
          in: 'query',
          schemaChanged: true,
        },
      ],
      [],
    );
    expect(edited.parameters).toEqual([
      operation.parameters[0],
      operation.parameters[1],
      { ...operation.parameters[2], description: 'Page size' },
      operation.parameters[3],
      { name: 'sort', in: 'query', required: false, schema: { type: 'string', enum: ['name', 'age'] } },
    ]);
  });

  it('removes the rows left out, and rewrites the schema of a row whose type changed', () => {
    const edited = writeParameters(
      operation,
      [
        {
          before: before('limit', 'query'),
          row: row('limit', 'query', { dataType: 'string', maxLength: 3 }),
          in: 'query',
          schemaChanged: true,
        },
      ],
      [{ name: 'session', in: 'query' }],
    );
    expect(edited.parameters.map((p) => [p.in, p.name, p.schema])).toEqual([
      ['path', 'petId', { type: 'integer' }],
      ['query', 'limit', { type: 'string', maxLength: 3 }],
      ['header', 'X-Trace', { type: 'string' }],
    ]);
  });

  it('renames, removes and adds path parameters as the template changes', () => {
    const changes = pathParameterChanges('/pets/{petId}/toys/{toyId}', '/pets/{id}/toys');
    expect(changes).toEqual({ renamed: [['petId', 'id']], removed: ['toyId'], added: [] });
    expect(writePathChanges(operation, changes).parameters[0]).toEqual({
      ...operation.parameters[0],
      name: 'id',
    });
    expect(pathParameterChanges('/a', '/a/{b}')).toEqual({ renamed: [], removed: [], added: ['b'] });
  });
});
