import type { RecordStore } from '@sandbox/engine/answer/records';
import type { StorageLimits } from '@sandbox/engine/answer/storageLimits';
import type { Db } from '../db/connection.js';
import { postgresRecords } from './postgresRecords.js';
import { sqliteRecords } from './sqliteRecords.js';

/** The sandbox's records on the database the server runs on. */
export function createRecordStore(db: Db, limits: StorageLimits): RecordStore {
  const store = db.sqlite
    ? sqliteRecords(db.sqlite, limits)
    : postgresRecords({ kysely: db.kysely, pool: db.pool as NonNullable<Db['pool']> }, limits);
  // Statefulness only ever turns on, so a positive answer can be remembered on every instance.
  const known = new Set<string>();
  const knownKey = (apiMasterId: number, collection: string) => `${apiMasterId}\u0000${collection}`;
  return {
    listJson: store.listJson,
    find: store.find,
    findJson: store.findJson,
    remove: store.remove,
    async isStateful(apiMasterId, collection) {
      if (known.has(knownKey(apiMasterId, collection))) return true;
      const stateful = await store.isStateful(apiMasterId, collection);
      if (stateful) known.add(knownKey(apiMasterId, collection));
      return stateful;
    },
    async seed(apiMasterId, collection, records) {
      if (known.has(knownKey(apiMasterId, collection))) return;
      await store.seed(apiMasterId, collection, records);
      known.add(knownKey(apiMasterId, collection));
    },
    // Once a collection is known to be stateful, a write needs no second statement to mark it.
    async put(apiMasterId, collection, key, json) {
      if (known.has(knownKey(apiMasterId, collection)))
        return store.upsert(apiMasterId, collection, key, json);
      await store.put(apiMasterId, collection, key, json);
      known.add(knownKey(apiMasterId, collection));
    },
  };
}
