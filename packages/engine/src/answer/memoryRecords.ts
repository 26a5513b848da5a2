import { PAGE_BYTES, type RecordStore } from './records.js';
import { checkUsage, type StorageLimits, type Usage } from './storageLimits.js';

const UNLIMITED: StorageLimits = { maxRecords: Number.POSITIVE_INFINITY, maxBytes: Number.POSITIVE_INFINITY };

/**
 * Records kept in this process's memory, for a mock with no database: the command line, and the
 * engine's own tests. A collection lists its records in the order they were first written.
 */
export function memoryRecords(limits: StorageLimits = UNLIMITED): RecordStore {
  /** Per API, its collections: those marked stateful, each with its records' JSON texts by key. */
  const apis = new Map<number, Map<string, Map<string, string>>>();
  const usage = new Map<number, Usage>();
  const collectionsOf = (apiMasterId: number) => {
    const collections = apis.get(apiMasterId) ?? new Map<string, Map<string, string>>();
    apis.set(apiMasterId, collections);
    return collections;
  };
  const recordsOf = (apiMasterId: number, collection: string) => apis.get(apiMasterId)?.get(collection);
  const usageOf = (apiMasterId: number) => {
    const current = usage.get(apiMasterId) ?? { records: 0, bytes: 0 };
    usage.set(apiMasterId, current);
    return current;
  };
  function charge(apiMasterId: number, delta: Usage) {
    const current = usageOf(apiMasterId);
    checkUsage(current, delta, limits);
    current.records += delta.records;
    current.bytes += delta.bytes;
  }

  return {
    isStateful: async (apiMasterId, collection) => recordsOf(apiMasterId, collection) !== undefined,
    async listJson(apiMasterId, collection, page) {
      const records = [...(recordsOf(apiMasterId, collection)?.values() ?? [])];
      const texts: string[] = [];
      let bytes = 0;
      for (const text of records.slice(page.offset, page.offset + page.limit)) {
        bytes += Buffer.byteLength(text);
        if (texts.length > 0 && bytes > PAGE_BYTES) break;
        texts.push(text);
      }
      return { texts, total: records.length };
    },
    async find(apiMasterId, collection, key) {
      const json = recordsOf(apiMasterId, collection)?.get(key);
      return json === undefined ? undefined : JSON.parse(json);
    },
    findJson: async (apiMasterId, collection, key) => recordsOf(apiMasterId, collection)?.get(key),
    async put(apiMasterId, collection, key, json) {
      const records = recordsOf(apiMasterId, collection);
      const old = records?.get(key);
      const bytes = Buffer.byteLength(json) - (old === undefined ? 0 : Buffer.byteLength(old));
      charge(apiMasterId, { records: old === undefined ? 1 : 0, bytes });
      const collections = collectionsOf(apiMasterId);
      if (!records) collections.set(collection, new Map([[key, json]]));
      else records.set(key, json);
    },
    async remove(apiMasterId, collection, key) {
      const records = recordsOf(apiMasterId, collection);
      const old = records?.get(key);
      if (old === undefined) return false;
      records?.delete(key);
      charge(apiMasterId, { records: -1, bytes: -Buffer.byteLength(old) });
      return true;
    },
    async seed(apiMasterId, collection, records) {
      if (recordsOf(apiMasterId, collection)) return;
      const bytes = records.reduce((sum, [, json]) => sum + Buffer.byteLength(json), 0);
      charge(apiMasterId, { records: records.length, bytes });
      collectionsOf(apiMasterId).set(collection, new Map(records));
    },
  };
}
