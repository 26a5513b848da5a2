import type { LoggedRequest, LoggedViolation } from '@sandbox/contracts';
import { describe, expect, it } from 'vitest';
import { countViolations } from './violationCounts';

const violation = (direction: LoggedViolation['direction']): LoggedViolation => ({
  direction,
  location: [direction, 'body'],
  severity: 'Error',
  message: 'must be string',
});

function aCall(at: string, endpoint: string | null, violations: LoggedViolation[], forwarded = true) {
  return { at, endpoint, method: 'GET', path: '/pet/9', forwarded, violations } as LoggedRequest;
}

describe('the count of violations per operation', () => {
  it('counts each side per operation over the forwarded calls shown, the most broken first', () => {
    const counts = countViolations([
      aCall('2026-01-01T10:05:00.000Z', 'GET /pet/{petId}', [violation('response')]),
      aCall('2026-01-01T10:01:00.000Z', 'POST /store/order', [violation('request')]),
      aCall('2026-01-01T10:03:00.000Z', 'GET /pet/{petId}', [violation('response'), violation('request')]),
      aCall('2026-01-01T10:00:00.000Z', 'GET /store/inventory', []),
      aCall('2026-01-01T09:00:00.000Z', 'GET /pet/{petId}', [], false),
      aCall('2026-01-01T10:02:00.000Z', null, []),
    ]);
    expect(counts.operations).toEqual([
      { operation: 'GET /pet/{petId}', exchanges: 2, request: 1, response: 2 },
      { operation: 'POST /store/order', exchanges: 1, request: 1, response: 0 },
      { operation: 'GET /pet/9', exchanges: 1, request: 0, response: 0 },
      { operation: 'GET /store/inventory', exchanges: 1, request: 0, response: 0 },
    ]);
    expect(counts.from).toBe('2026-01-01T10:00:00.000Z');
    expect(counts.to).toBe('2026-01-01T10:05:00.000Z');
  });

  it('has nothing to count when no call shown was forwarded', () => {
    expect(countViolations([aCall('2026-01-01T10:00:00.000Z', 'GET /pet/{petId}', [], false)])).toEqual({
      operations: [],
      from: null,
      to: null,
    });
  });
});
