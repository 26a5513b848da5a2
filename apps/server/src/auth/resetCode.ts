import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_LENGTH } from '@sandbox/contracts';

// A six-digit code has only a million values, so a plain hash would fall to a brute force of a
// leaked table; an HMAC keyed with the server secret does not.
export function hashResetCode(secret: string, userId: number, code: string): string {
  return createHmac('sha256', secret).update(`${userId}:${code.trim()}`).digest('hex');
}

export function newResetCode(): string {
  return String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
