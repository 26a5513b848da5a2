import { limitBroken, type StorageLimits, type Usage } from '@sandbox/engine/answer/storageLimits';

/** How old the usage a write far from the limits is checked against may be. */
export const FRESH_MS = 100;
/**
 * Within a tenth of a limit (and at least 100 records or 1 MB of it), every write is checked against
 * the usage as it is now.
 */
const nearness = (max: number, least: number) => Math.max(max / 10, least);

interface Known {
  usage: Usage;
  readAt: number;
  reading?: Promise<Usage>;
}

/**
 * What this instance knows of each API's usage on a database instances share: read from it at most
 * every 100 ms while the API is far from its limits (plus this instance's own writes since), read
 * anew for every write near a limit and before any refusal. Reading the usage for every write would
 * cost a third of the sandbox's writes per second; far from a limit, a figure 100 ms old cannot let
 * the API pass it unless other instances add a tenth of it (100 records, 1 MB at least) within 100 ms.
 */
export function createUsageEstimate(read: (apiMasterId: number) => Promise<Usage>, limits: StorageLimits) {
  const known = new Map<number, Known>();

  function readNow(apiMasterId: number): Promise<Usage> {
    const entry = known.get(apiMasterId);
    if (entry?.reading) return entry.reading;
    const reading = read(apiMasterId).then(
      (usage) => {
        known.set(apiMasterId, { usage, readAt: Date.now() });
        return usage;
      },
      (error) => {
        known.delete(apiMasterId);
        throw error;
      },
    );
    known.set(apiMasterId, { usage: entry?.usage ?? { records: 0, bytes: 0 }, readAt: 0, reading });
    return reading;
  }

  const margin = { records: nearness(limits.maxRecords, 100), bytes: nearness(limits.maxBytes, 1024 * 1024) };
  const near = (usage: Usage, delta: Usage) =>
    usage.records + delta.records > limits.maxRecords - margin.records ||
    usage.bytes + delta.bytes > limits.maxBytes - margin.bytes;

  return {
    /** Whether a change of `delta` keeps the API within its limits, as far as this instance can tell. */
    async allows(apiMasterId: number, delta: Usage): Promise<boolean> {
      const entry = known.get(apiMasterId);
      const recent = entry && !entry.reading && Date.now() - entry.readAt < FRESH_MS;
      if (recent && !near(entry.usage, delta)) return true;
      return !limitBroken(await readNow(apiMasterId), delta, limits);
    },

    /** A change this instance made, counted until the next read. */
    note(apiMasterId: number, delta: Usage): void {
      const usage = known.get(apiMasterId)?.usage;
      if (!usage) return;
      usage.records += delta.records;
      usage.bytes += delta.bytes;
    },
  };
}
