import type { Usage } from '@sandbox/engine/answer/storageLimits';
import { describe, expect, it } from 'vitest';
import { createUsageEstimate } from './usageEstimate.js';

describe('what an instance knows of an API’s usage on a shared database', () => {
  function counting(stored: Usage) {
    const reads: Usage[] = [];
    const estimate = createUsageEstimate(
      async () => {
        reads.push({ ...stored });
        return { ...stored };
      },
      { maxRecords: 10_000, maxBytes: 50 * 1024 * 1024 },
    );
    return { estimate, reads };
  }

  it('reads it once for a run of writes far from the limits, counting its own writes since', async () => {
    const { estimate, reads } = counting({ records: 10, bytes: 1000 });
    for (let i = 0; i < 5; i++) {
      expect(await estimate.allows(1, { records: 1, bytes: 100 })).toBe(true);
      estimate.note(1, { records: 1, bytes: 100 });
    }
    expect(reads).toHaveLength(1);
  });

  it('reads it for every write near a limit, and refuses only on what it just read', async () => {
    const stored = { records: 9_950, bytes: 0 };
    const { estimate, reads } = counting(stored);
    expect(await estimate.allows(1, { records: 1, bytes: 10 })).toBe(true);
    expect(await estimate.allows(1, { records: 1, bytes: 10 })).toBe(true);
    expect(reads).toHaveLength(2);

    stored.records = 10_000;
    expect(await estimate.allows(1, { records: 1, bytes: 10 })).toBe(false);
    stored.records = 9_000;
    expect(await estimate.allows(1, { records: 1, bytes: 10 })).toBe(true);
    expect(reads).toHaveLength(4);
  });
});
