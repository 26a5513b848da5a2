import { describe, expect, it } from 'vitest';
import { BodyAllowance } from './bodyAllowance.js';

describe('the allowance of request bodies held at once', () => {
  it('refuses a body that takes the total past its bound while others hold theirs', () => {
    const allowance = new BodyAllowance(1000);
    const first = allowance.open();
    const second = allowance.open();
    expect(first.admit(600)).toBe(true);
    expect(second.admit(300)).toBe(true);
    expect(allowance.open().admit(200)).toBe(false);
    expect(second.admit(100)).toBe(true);
    expect(second.admit(1)).toBe(false);

    first.release();
    expect(allowance.held).toBe(400);
    expect(allowance.open().admit(600)).toBe(true);
  });

  it('always admits a lone body, and a request without one', () => {
    const allowance = new BodyAllowance(10);
    const lone = allowance.open();
    expect(lone.admit(5000)).toBe(true);
    expect(lone.admit(5000)).toBe(true);
    expect(allowance.open().admit(0)).toBe(true);
    expect(allowance.open().admit(1)).toBe(false);
    lone.release();
    expect(allowance.held).toBe(0);
  });

  it("holds one client to its share, unless its body is that client's only one", () => {
    const allowance = new BodyAllowance(1000, 400);
    const first = allowance.open('203.0.113.9');
    expect(first.admit(300)).toBe(true);
    expect(first.admit(300)).toBe(true);
    const second = allowance.open('203.0.113.9');
    expect(second.admit(1)).toBe(false);
    expect(allowance.open('198.51.100.7').admit(300)).toBe(true);
    first.release();
    first.release();
    expect(allowance.heldBy('203.0.113.9')).toBe(0);
    expect(second.admit(400)).toBe(true);
    expect(allowance.held).toBe(700);
  });
});
