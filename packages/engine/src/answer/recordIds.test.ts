import { describe, expect, it } from 'vitest';
import { newRecordNumber, newRecordUuid } from './recordIds.js';

describe('ids of stored records', () => {
  it('are version 7 UUIDs that sort in the order they were made', () => {
    const earlier = newRecordUuid(Date.parse('2026-01-01T00:00:00Z'));
    const later = newRecordUuid(Date.parse('2026-01-01T00:00:00.001Z'));
    for (const id of [earlier, later]) {
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
    expect(earlier < later).toBe(true);
    expect(earlier.slice(0, 13)).toBe('019b76da-a800');
  });

  it('never repeat within one millisecond', () => {
    const uuids = new Set(Array.from({ length: 1000 }, () => newRecordUuid(0)));
    expect(uuids.size).toBe(1000);
    const numbers = Array.from({ length: 1000 }, () => newRecordNumber());
    expect(new Set(numbers).size).toBe(1000);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
  });
});
