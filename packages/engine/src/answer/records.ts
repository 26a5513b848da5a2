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
