import type { LoggedRequest } from '@sandbox/contracts';
import { describe, expect, it } from 'vitest';
import { withGaps } from './logRows';

const call = (id: number, at: string) => ({ id, at }) as LoggedRequest;
const gap = (id: number, at: string, calls = 5) => ({ id, at, calls });
const shape = (rows: ReturnType<typeof withGaps>) =>
  rows.map((row) => ('call' in row ? `call ${row.call.id}` : `gap ${row.gap.id}`));

describe('the Requests list with the calls left out', () => {
  const calls = [
    call(4, '2026-03-01T12:00:03.000Z'),
    call(3, '2026-03-01T12:00:02.000Z'),
    call(2, '2026-03-01T12:00:01.000Z'),
  ];

  it('shows a gap between the calls it fell between, and calls of its own moment above it', () => {
    const rows = withGaps(
      calls,
      [gap(1, '2026-03-01T12:00:02.000Z'), gap(1, '2026-03-01T12:00:02.000Z')],
      true,
    );
    expect(shape(rows)).toEqual(['call 4', 'call 3', 'gap 1', 'call 2']);
  });

  it('holds back a gap older than every call listed until the oldest page is there', () => {
    const older = [gap(7, '2026-03-01T12:00:00.500Z')];
    expect(shape(withGaps(calls, older, false))).toEqual(['call 4', 'call 3', 'call 2']);
    expect(shape(withGaps(calls, older, true))).toEqual(['call 4', 'call 3', 'call 2', 'gap 7']);
  });
});
