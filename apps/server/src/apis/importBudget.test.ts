import { describe, expect, it } from 'vitest';
import type { ImportSettings } from '../config.js';
import { TooManyRequests } from '../http/errors.js';
import { ImportBudget } from './importBudget.js';

const MB = 1024 * 1024;
const settings: ImportSettings = { maxBytesInFlight: 24 * MB, maxPerTeam: 2, idleTimeoutMs: 10_000 };
const TEAM_A = 1;
const TEAM_B = 2;

function refusalOf(attempt: () => unknown): TooManyRequests {
  try {
    attempt();
  } catch (error) {
    expect(error).toBeInstanceOf(TooManyRequests);
    return error as TooManyRequests;
  }
  throw new Error('expected the import to be refused');
}

describe('the import budget', () => {
  it("refuses a team's import beyond its imports in progress, not another team's", () => {
    const budget = new ImportBudget(settings);
    const first = budget.admit(TEAM_A, 0);
    budget.admit(TEAM_A, 0);
    const refused = refusalOf(() => budget.admit(TEAM_A, 0));
    expect(refused.message).toBe('Your team is already importing 2 documents: try again once one is done');
    budget.admit(TEAM_B, 0);
    first.leave();
    budget.admit(TEAM_A, 0);
  });

  it('refuses a document past the bytes all imports may hold, as it arrives', () => {
    const budget = new ImportBudget(settings);
    const first = budget.admit(TEAM_A, 0);
    first.hold(10 * MB);
    const second = budget.admit(TEAM_B, 0);
    second.hold(10 * MB);
    expect(refusalOf(() => second.hold(10 * MB)).retryAfterSeconds).toBe(10);
    expect(budget.held).toBe(20 * MB);
    first.leave();
    second.hold(10 * MB);
    expect(budget.held).toBe(20 * MB);
  });

  it('refuses an upload whose declared length does not fit before reading it', () => {
    const budget = new ImportBudget(settings);
    budget.admit(TEAM_A, 0).hold(20 * MB);
    refusalOf(() => budget.admit(TEAM_B, 10 * MB));
    budget.admit(TEAM_B, 4 * MB);
  });

  it('lets a lone import hold its whole document, whatever the budget', () => {
    const budget = new ImportBudget({ ...settings, maxBytesInFlight: 1 * MB });
    const lone = budget.admit(TEAM_A, 10 * MB);
    lone.hold(10 * MB);
    refusalOf(() => budget.admit(TEAM_B, 0).hold(1 * MB));
  });

  it('gives everything back once, however often an import leaves', () => {
    const budget = new ImportBudget(settings);
    const share = budget.admit(TEAM_A, 0);
    share.hold(10 * MB);
    share.giveBack(4 * MB);
    expect(budget.held).toBe(6 * MB);
    share.leave();
    share.leave();
    share.hold(1 * MB);
    expect(budget.held).toBe(0);
    budget.admit(TEAM_A, 0);
    budget.admit(TEAM_A, 0);
  });
});
