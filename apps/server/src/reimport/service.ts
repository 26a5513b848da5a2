import type { ImportedApi, ReimportAnswer } from '@sandbox/contracts';
import type { ApisService } from '../apis/service.js';
import type { User } from '../auth/service.js';
import { Conflict } from '../http/errors.js';
import { type Side, summarise } from './diff.js';
import { keepRemovals } from './keepRemovals.js';
import { planReimport } from './planReimport.js';
import { discardStaging, loadStoredApi, stageEndpoints, writeReimport } from './store.js';
import type { MetaChange, StoredApi } from './stored.js';

/** The document's side of a comparison: its schemas named in `components.schemas`, the rest made up. */
function documentSide(imported: ImportedApi): Side {
  return {
    endpoints: imported.endpoints,
    schemas: imported.schemas,
    // a document that names no schema has a model of none
    named: new Set(imported.declaredSchemasJson ? Object.keys(JSON.parse(imported.declaredSchemasJson)) : []),
  };
}

/**
 * What the document does to the API as read: its change summary and the writes that apply it, which
 * tell where a hand edit is kept over the document's change. Both leave out what was removed by hand.
 */
async function review(stored: StoredApi, imported: ImportedApi, meta: MetaChange) {
  const document = await keepRemovals(stored, imported);
  const summary = await summarise(stored, documentSide(document));
  const plan = await planReimport(stored, document, meta);
  return { summary, plan };
}

/** Times the API may change under a re-import, each time read and merged again, before it gives up. */
const ATTEMPTS = 3;

export function createReimportService(apis: ApisService) {
  return {
    /** What the document would change in the API, changing nothing. */
    async preview(user: User, apiMasterId: number, imported: ImportedApi): Promise<ReimportAnswer> {
      const api = await apis.apiOf(user, apiMasterId);
      const { summary, plan } = await review(await loadStoredApi(apis.db, api.id), imported, {});
      return { applied: false, summary, keptEdits: plan.keptEdits, warnings: imported.warnings ?? [] };
    },

    /**
     * Applies the document all at once: read, compared and merged outside any transaction, with other
     * requests served meanwhile; the endpoints it adds staged out of sight a slice at a time; then the
     * rest written and the staged endpoints moved in by one short transaction, provided the API did not
     * change since it was read. The deployed sandbox answers it on its next request.
     */
    async apply(
      user: User,
      apiMasterId: number,
      imported: ImportedApi,
      meta: MetaChange,
    ): Promise<ReimportAnswer> {
      const api = await apis.apiOf(user, apiMasterId);
      const { summary, plan } = await applyWhenUnchanged(apis, api.id, imported, meta);
      await apis.changed(api.id);
      // the API as the list shows it: its detail would bring every schema along, megabytes for a large one
      const master = await apis.summaryOf(user, api.id);
      return {
        applied: true,
        summary,
        keptEdits: plan.keptEdits,
        warnings: imported.warnings ?? [],
        api: master,
      };
    },
  };
}

async function applyWhenUnchanged(
  apis: ApisService,
  apiMasterId: number,
  imported: ImportedApi,
  meta: MetaChange,
) {
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const stored = await loadStoredApi(apis.db, apiMasterId);
    const reviewed = await review(stored, imported, meta);
    const { plan } = reviewed;
    const staging = await stageEndpoints(apis.db, apiMasterId, plan);
    try {
      const written = await apis.db
        .transaction()
        .execute((trx) => writeReimport(trx, apiMasterId, stored.updatedAt, plan, staging));
      if (written) return reviewed;
    } finally {
      // the endpoints removed once written; else those staged
      await discardStaging(apis.db, staging);
    }
  }
  throw new Conflict('The API kept changing during the re-import: try again');
}
