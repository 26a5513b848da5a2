import type { DeclaredSchemas } from '@sandbox/contracts';
import type { Kysely } from 'kysely';
import { loadDeclaredSchemas } from '../apis/service.js';
import type { Database } from '../db/schema.js';

export function createCopilotStore(db: Kysely<Database>) {
  return {
    /** The API an endpoint belongs to: the test-data call names only the endpoint. */
    async apiMasterIdOf(endpointId: number): Promise<number | undefined> {
      const row = await db
        .selectFrom('endpoints')
        .select('api_master_id')
        .where('id', '=', endpointId)
        .executeTakeFirst();
      return row?.api_master_id;
    },

    /** The API's named schemas as declared. */
    declaredSchemas(apiMasterId: number): Promise<DeclaredSchemas> {
      return loadDeclaredSchemas(db, apiMasterId);
    },
  };
}

export type CopilotStore = ReturnType<typeof createCopilotStore>;
