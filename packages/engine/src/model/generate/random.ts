import { randomInt as cryptoInt } from 'node:crypto';

// The generator draws every choice from one source: seeded, the same seed gives the same value
// (an API set to answer deterministically); unseeded, a fresh seed per value.

export class Random {
  private state: number;

  constructor(seed: number = cryptoInt(0, 2 ** 32 - 1)) {
    this.state = seed >>> 0;
  }

  /** mulberry32: small, fast, and good enough for test data (not for secrets). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return Math.floor(min + this.next() * (max - min + 1));
  }

  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.next() * list.length)];
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  /** The list in a random order (a copy). */
  shuffled<T>(list: readonly T[]): T[] {
    const out = [...list];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  }

  string(length: number, alphabet = ALPHANUMERIC): string {
    let out = '';
    for (let i = 0; i < length; i++) out += alphabet[Math.floor(this.next() * alphabet.length)];
    return out;
  }

  /** A version 4 UUID drawn from this source. */
  uuid(): string {
    const hex = this.string(32, '0123456789abcdef').split('');
    hex[12] = '4';
    hex[16] = '89ab'[this.int(0, 3)];
    const h = hex.join('');
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  }
}

export const ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
