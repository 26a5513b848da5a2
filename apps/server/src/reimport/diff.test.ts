import { readFileSync } from 'node:fs';
import { importOpenApi } from '@sandbox/engine/import/importOpenApi';
import { describe, expect, it } from 'vitest';
import { type Side, summarise } from './diff.js';

// The change summary between two stages of one public document (test-fixtures/reimport/README.md).
function side(name: string): Side {
  const text = readFileSync(new URL(`../../test-fixtures/reimport/${name}`, import.meta.url), 'utf8');
  const imported = importOpenApi(text, name);
  return {
    endpoints: imported.endpoints,
    schemas: imported.schemas,
    named: new Set(imported.declaredSchemasJson ? Object.keys(JSON.parse(imported.declaredSchemasJson)) : []),
  };
}

const none = { added: [], removed: [], changed: [] };

describe('the change summary of a new version of a document', () => {
  it('names an inline body that becomes a named schema as a change of its endpoint', async () => {
    expect(await summarise(side('hoot-v0.json'), side('hoot-v1.json'))).toEqual({
      endpoints: {
        added: [],
        removed: [],
        changed: [
          {
            methodType: 'POST',
            apiEndPoint: '/hoot',
            parameters: none,
            requestBodies: { ...none, changed: ['application/json'] },
            responses: none,
          },
          {
            methodType: 'GET',
            apiEndPoint: '/hoot/{id}',
            parameters: none,
            requestBodies: none,
            responses: { ...none, changed: ['200'] },
          },
        ],
      },
      schemas: { ...none, added: ['Hoot', 'Squawk'] },
    });
  });

  it('matches endpoints whatever their template parameters are named', async () => {
    const before = side('hoot-v1.json');
    const renamed: Side = {
      ...before,
      endpoints: before.endpoints.map((e) =>
        e.apiEndPoint === '/hoot/{id}'
          ? {
              ...e,
              apiEndPoint: '/hoot/{hootId}',
              parameterConfigList: e.parameterConfigList.map((p) => ({ ...p, keyName: 'hootId' })),
            }
          : e,
      ),
    };
    const summary = await summarise(before, renamed);
    expect(summary.endpoints.added).toEqual([]);
    expect(summary.endpoints.removed).toEqual([]);
    expect(summary.endpoints.changed).toEqual([
      {
        methodType: 'GET',
        apiEndPoint: '/hoot/{hootId}',
        parameters: { added: ['path hootId'], removed: ['path id'], changed: [] },
        requestBodies: none,
        responses: none,
      },
    ]);
  });

  it('finds nothing between a document and itself', async () => {
    expect(await summarise(side('hoot-v2.json'), side('hoot-v2.json'))).toEqual({
      endpoints: { added: [], removed: [], changed: [] },
      schemas: none,
    });
  });
});
