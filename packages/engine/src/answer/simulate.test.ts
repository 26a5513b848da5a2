import type { Behaviour } from '@sandbox/contracts';
import { describe, expect, it } from 'vitest';
import type { SandboxRequest } from './exchange.js';
import type { RecordStore } from './records.js';
import type { MatchedCall } from './respond.js';
import { delayOf, failsNow, optsOut, simulate } from './simulate.js';

const behaviour = (own: Partial<Behaviour>): Behaviour => ({
  delayMs: 0,
  delayMaxMs: null,
  failureRate: 0,
  failureStatus: 500,
  ...own,
});

describe('a simulated delay', () => {
  it('is the fixed delay without a range', () => {
    expect(delayOf(behaviour({ delayMs: 300 }), () => 0.99)).toBe(300);
  });

  it('is drawn from the range, both ends included', () => {
    const ranged = behaviour({ delayMs: 100, delayMaxMs: 200 });
    expect(delayOf(ranged, () => 0)).toBe(100);
    expect(delayOf(ranged, () => 0.5)).toBe(150);
    expect(delayOf(ranged, () => 0.999_999)).toBe(200);
  });
});

describe('a simulated failure', () => {
  it('happens for draws under the rate, never at 0 % and always at 100 %', () => {
    expect(failsNow(behaviour({ failureRate: 25 }), () => 0.249)).toBe(true);
    expect(failsNow(behaviour({ failureRate: 25 }), () => 0.25)).toBe(false);
    expect(failsNow(behaviour({ failureRate: 0 }), () => 0)).toBe(false);
    expect(failsNow(behaviour({ failureRate: 100 }), () => 0.999_999)).toBe(true);
  });
});

describe('simulating a call', () => {
  const requestOf = (headers: SandboxRequest['headers'] = {}): SandboxRequest => ({
    method: 'POST',
    key: 'k',
    path: '/orders',
    query: {},
    headers,
    rawBody: '{"big":"body"}',
  });

  it('is skipped by x-sandbox-simulation: off, in any case', () => {
    expect(optsOut({ 'x-sandbox-simulation': 'OFF' })).toBe(true);
    expect(optsOut({ 'x-sandbox-simulation': 'on' })).toBe(false);
    expect(optsOut({})).toBe(false);
  });

  it('stops waiting and answers nothing when the client goes away', async () => {
    let leave = () => {};
    const request: SandboxRequest = {
      ...requestOf(),
      onClose: (listener) => {
        leave = listener;
      },
    };
    let answered = false;
    const simulated = simulate(
      behaviour({ delayMs: 60_000 }),
      { request } as MatchedCall,
      {} as RecordStore,
      () => 0,
      async () => {
        answered = true;
        return { status: 200 };
      },
    );
    leave();
    expect(await simulated).toEqual({ status: 0, drop: true, simulated: { delayMs: 60_000, failed: false } });
    expect(answered).toBe(false);
  });

  it("lets go of a failing call's body before it waits, and drops the connection when told to", async () => {
    const request = requestOf();
    const simulated = simulate(
      behaviour({ delayMs: 5, failureRate: 100, failureStatus: 0 }),
      { request } as MatchedCall,
      {} as RecordStore,
      () => 0,
      async () => ({ status: 200 }),
    );
    expect(request.rawBody).toBeUndefined();
    expect(await simulated).toEqual({ status: 0, drop: true, simulated: { delayMs: 5, failed: true } });
  });
});
