import type { ImportedApi, ReimportAnswer } from '@sandbox/contracts';
import type { ApisService } from '../apis/service.js';
import type { User } from '../auth/store.js';
import { type Side, summarise } from './diff.js';
import { applyReimport, loadStoredApi, type MetaChange } from './store.js';

/** The document's side of a comparison: its schemas named in `components.schemas`, the rest made up. */
function documentSide(imported: ImportedApi): Side {
  return {
    endpoints: imported.endpoints,
    schemas: imported.schemas,
    // a document that names no schema has a model of none
    named: new Set(imported.declaredSchemasJson ? Object.keys(JSON.parse(imported.declaredSchemasJson)) : []),
  };
}

export function createReimportService(apis: ApisService) {
  return {
    /** What the document would change in the API, changing nothing. */
    async preview(user: User, apiMasterId: number, imported: ImportedApi): Promise<ReimportAnswer> {
      const api = await apis.apiOf(user, apiMasterId);
      const summary = summarise(await loadStoredApi(apis.db, api.id), documentSide(imported));
      return { applied: false, summary, warnings: imported.warnings ?? [] };
    },

    /** Applies the document in one transaction; the deployed sandbox answers it on its next request. */
    async apply(
      user: User,
      apiMasterId: number,
      imported: ImportedApi,
      meta: MetaChange,
    ): Promise<ReimportAnswer> {
      const api = await apis.apiOf(user, apiMasterId);
      const summary = await apis.db.transaction().execute(async (trx) => {
        const before = summarise(await loadStoredApi(trx, api.id), documentSide(imported));
        await applyReimport(trx, api.id, imported, meta);
        return before;
      });
      await apis.changed(api.id);
      const {
        schemaMasterList: _s,
        answerSeed: _a,
        behaviour: _b,
        ...master
      } = await apis.getOne(user, api.id);
      return { applied: true, summary, warnings: imported.warnings ?? [], api: master };
    },
  };
}
