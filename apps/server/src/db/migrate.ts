import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Db } from './connection.js';
import type { MigrationDeps } from './migrationDeps.js';
import * as accounts from './migrations/001_accounts.js';
import * as catalog from './migrations/002_catalog.js';
import * as accountRecovery from './migrations/003_account_recovery.js';
import * as sandbox from './migrations/004_sandbox.js';
import * as testData from './migrations/005_test_data.js';
import * as sandboxRecordOrder from './migrations/006_sandbox_record_order.js';
import * as sessionCutoff from './migrations/007_session_cutoff.js';
import * as setPasswordSecret from './migrations/008_set_password_secret.js';
import * as sandboxUsage from './migrations/009_sandbox_usage.js';
import * as apiImporting from './migrations/010_api_importing.js';
import * as declaredOperations from './migrations/011_declared_operations.js';
import * as declaredSchemas from './migrations/012_declared_schemas.js';
import * as importWarnings from './migrations/013_import_warnings.js';
import * as answerSeed from './migrations/014_answer_seed.js';
import * as requestLog from './migrations/015_request_log.js';
import * as trafficSimulation from './migrations/016_traffic_simulation.js';
import * as mailOutbox from './migrations/017_mail_outbox.js';
import * as designedRows from './migrations/018_designed_rows.js';
import * as importBaseline from './migrations/019_import_baseline.js';
import * as recordListingKey from './migrations/020_record_listing_key.js';
import * as requestLogGaps from './migrations/021_request_log_gaps.js';
import * as declaredModels from './migrations/022_declared_models.js';
import * as hostedProxy from './migrations/023_hosted_proxy.js';
import * as declaredModelsEverywhere from './migrations/024_declared_models_everywhere.js';
import * as answersFromModel from './migrations/025_answers_from_model.js';
import * as escapedSchemaRefs from './migrations/026_escaped_schema_refs.js';

// Versioned migrations, applied in name order at start-up on either dialect.
const migrations = {
  '001_accounts': accounts,
  '002_catalog': catalog,
  '003_account_recovery': accountRecovery,
  '004_sandbox': sandbox,
  '005_test_data': testData,
  '006_sandbox_record_order': sandboxRecordOrder,
  '007_session_cutoff': sessionCutoff,
  '008_set_password_secret': setPasswordSecret,
  '009_sandbox_usage': sandboxUsage,
  '010_api_importing': apiImporting,
  '011_declared_operations': declaredOperations,
  '012_declared_schemas': declaredSchemas,
  '013_import_warnings': importWarnings,
  '014_answer_seed': answerSeed,
  '015_request_log': requestLog,
  '016_traffic_simulation': trafficSimulation,
  '017_mail_outbox': mailOutbox,
  '018_designed_rows': designedRows,
  '019_import_baseline': importBaseline,
  '020_record_listing_key': recordListingKey,
  '021_request_log_gaps': requestLogGaps,
  '022_declared_models': declaredModels,
  '023_hosted_proxy': hostedProxy,
  '024_declared_models_everywhere': declaredModelsEverywhere,
  '025_answers_from_model': answersFromModel,
  '026_escaped_schema_refs': escapedSchemaRefs,
};

/** Applies the migrations not yet applied; `deps` gives those that apply a capability's rules. */
export async function migrate(db: Db, deps: MigrationDeps): Promise<void> {
  const provider: MigrationProvider = {
    async getMigrations() {
      const all: Record<string, Migration> = {};
      for (const [name, m] of Object.entries(migrations))
        all[name] = { up: (k) => m.up(k, db.dialect, deps) };
      return all;
    },
  };
  const { error, results } = await new Migrator({ db: db.kysely, provider }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}
