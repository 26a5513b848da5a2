import type { DeclaredOperation, DeclaredSchemas } from '@sandbox/contracts';
import type { Kysely } from 'kysely';
import { loadDeclaredSchemas } from '../apis/service.js';
import type { Database } from '../db/schema.js';

export function createCopilotStore(db: Kysely<Database>) {
  return {
    /**
     * The endpoint with the team and API it belongs to, and its operation as declared: the test-data
     * call names only the endpoint.
     */
    async findEndpoint(endpointId: number) {
      const row = await db
        .selectFrom('endpoints')
        .innerJoin('api_masters', 'api_masters.id', 'endpoints.api_master_id')
        .select([
          'endpoints.method',
          'endpoints.path',
          'endpoints.operation',
          'endpoints.api_master_id',
          'api_masters.team_id',
        ])
        .where('endpoints.id', '=', endpointId)
        .executeTakeFirst();
      return row && { ...row, operation: JSON.parse(row.operation) as DeclaredOperation };
    },

    /** The API's named schemas as declared. */
    declaredSchemas(apiMasterId: number): Promise<DeclaredSchemas> {
      return loadDeclaredSchemas(db, apiMasterId);
    },
  };
}

export type CopilotStore = ReturnType<typeof createCopilotStore>;
