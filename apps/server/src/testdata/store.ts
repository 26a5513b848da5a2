import type { DeclaredOperation, DeclaredSchemas, TestDataTarget } from '@sandbox/contracts';
import type { Kysely } from 'kysely';
import { loadDeclaredSchemas } from '../apis/service.js';
import type { Database } from '../db/schema.js';

export function createTestDataStore(db: Kysely<Database>) {
  return {
    /** The endpoint with the team and API it belongs to, and its operation as declared. */
    async findEndpoint(endpointId: number) {
      const row = await db
        .selectFrom('endpoints')
        .innerJoin('api_masters', 'api_masters.id', 'endpoints.api_master_id')
        .select(['endpoints.api_master_id', 'endpoints.operation', 'api_masters.team_id'])
        .where('endpoints.id', '=', endpointId)
        .executeTakeFirst();
      return row && { ...row, operation: JSON.parse(row.operation) as DeclaredOperation };
    },

    /** The API's named schemas as declared. */
    declaredSchemas(apiMasterId: number): Promise<DeclaredSchemas> {
      return loadDeclaredSchemas(db, apiMasterId);
    },

    async rows(endpointId: number, target: TestDataTarget): Promise<Record<string, unknown>[]> {
      const row = await db
        .selectFrom('test_data')
        .select('rows')
        .where('endpoint_id', '=', endpointId)
        .where('target', '=', target)
        .executeTakeFirst();
      return row ? JSON.parse(row.rows) : [];
    },

    async save(endpointId: number, target: TestDataTarget, rows: Record<string, unknown>[]): Promise<void> {
      const values = { rows: JSON.stringify(rows), updated_at: new Date().toISOString() };
      await db
        .insertInto('test_data')
        .values({ endpoint_id: endpointId, target, ...values })
        .onConflict((oc) => oc.columns(['endpoint_id', 'target']).doUpdateSet(values))
        .execute();
    },
  };
}

export type TestDataStore = ReturnType<typeof createTestDataStore>;
