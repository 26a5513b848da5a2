import type { Db } from '../db/connection.js';
import { postgresRecords } from './postgresRecords.js';
import { sqliteRecords } from './sqliteRecords.js';
import type { StorageLimits } from './storageLimits.js';

export type SandboxRecord = Record<string, unknown>;

/** Which records of a collection a list answers: `limit` of them from `offset`, oldest first. */
export interface PageRequest {
  offset: number;
  limit: number;
}

export interface RecordPage {
  /** The records as stored, JSON texts. */
  texts: string[];
  /** How many records the whole collection holds. */
  total: number;
}

/**
 * A page stops before the record that would take its text past this, however many were asked for
 * (it always holds one record): a list answer stays small even when each record is large.
 */
export const PAGE_BYTES = 1024 * 1024;

/** The records of linked endpoints' collections, kept in the database so every instance shares them. */
export interface RecordStore {
  /** A collection becomes stateful with its first stored record and stays so, even once emptied. */
  isStateful(apiMasterId: number, collection: string): Promise<boolean>;
  listJson(apiMasterId: number, collection: string, page: PageRequest): Promise<RecordPage>;
  find(apiMasterId: number, collection: string, key: string): Promise<SandboxRecord | undefined>;
  /** The record as stored, JSON text: answered without parsing it again. */
  findJson(apiMasterId: number, collection: string, key: string): Promise<string | undefined>;
  /**
   * Inserts or replaces the record, given as its JSON text, under its key; throws StorageLimitReached,
   * writing nothing, when the API would then hold more records or bytes than it may.
   */
  put(apiMasterId: number, collection: string, key: string, json: string): Promise<void>;
  remove(apiMasterId: number, collection: string, key: string): Promise<boolean>;
  /**
   * Stores a collection's starting records (key and JSON text each, listed in their order) and marks
   * it stateful, unless it already is (another write came first): all of them or, when they would take
   * the API past its limits (StorageLimitReached), none.
   */
  seed(apiMasterId: number, collection: string, records: [string, string][]): Promise<void>;
}

/** What each database offers: `upsert` writes a record of a collection already marked stateful. */
export interface Records extends RecordStore {
  upsert(apiMasterId: number, collection: string, key: string, json: string): Promise<void>;
}

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
