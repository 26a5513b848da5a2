import type { ImportedApi, SchemaMaster } from '@sandbox/contracts';
import { ImportError } from '../../../src/import/ImportError.js';
import { importOpenApi } from '../../../src/import/importOpenApi.js';

export function importJson(document: unknown, fileName = 'api.json'): ImportedApi {
  return importOpenApi(JSON.stringify(document), fileName);
}

/** A 3.0 document with these named schemas and one operation answering `responseSchema`. */
export function documentWithSchemas(
  schemas: Record<string, unknown>,
  responseSchema: unknown = { type: 'string' },
) {
  return {
    openapi: '3.0.3',
    info: { title: 'Schemas', version: '1' },
    paths: {
      '/things': {
        get: {
          operationId: 'listThings',
          responses: {
            '200': { description: 'ok', content: { 'application/json': { schema: responseSchema } } },
          },
        },
      },
    },
    components: { schemas },
  };
}

export function schemaNamed(api: ImportedApi, name: string): SchemaMaster {
  const schema = api.schemas.find((candidate) => candidate.schemaName === name);
  if (!schema) throw new Error(`no schema ${name} among ${api.schemas.map((s) => s.schemaName).join(', ')}`);
  return schema;
}

export function propertyOf(schema: SchemaMaster, key: string) {
  const property = schema.configProperties.find((candidate) => candidate.jsonKey === key);
  if (!property) throw new Error(`no property ${key} in ${schema.schemaName}`);
  return property;
}

/** The ImportError that `attempt` throws (fails the test when it throws something else or nothing). */
export function importErrorOf(attempt: () => unknown): ImportError {
  try {
    attempt();
  } catch (error) {
    if (error instanceof ImportError) return error;
    throw error;
  }
  throw new Error('expected an ImportError, nothing was thrown');
}
