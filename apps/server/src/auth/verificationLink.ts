import { createHash, randomBytes } from 'node:crypto';

const VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;

/** A fresh single-use token: the raw value goes into the mailed link, only its hash is stored. */
export function newVerificationToken(): { raw: string; hash: string; expiresAt: string } {
  const raw = randomBytes(32).toString('base64url');
  return { raw, hash: hashToken(raw), expiresAt: new Date(Date.now() + VERIFICATION_TTL_MS).toISOString() };
}

/** The secret an invited member's verification hands to the Set Your Password page; only its hash is stored. */
export function newSetPasswordToken(): { raw: string; hash: string } {
  const raw = randomBytes(32).toString('base64url');
  return { raw, hash: hashToken(raw) };
}

export function hashToken(raw: string): string {
  return createHash('sha256').update(raw).digest('hex');
}

export function verificationUrl(
  publicUrl: string,
  raw: string,
  isTeamMember: boolean,
  userId: number,
): string {
  return `${publicUrl}/verification/${raw}/${isTeamMember}/${userId}`;
}
