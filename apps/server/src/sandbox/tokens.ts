import { createHash, timingSafeEqual } from 'node:crypto';

/** The unexpired tokens of one API, compared in constant time by their SHA-256 digests. */
export class TokenCheck {
  private readonly digests: { digest: Buffer; expiresAt: number }[];

  constructor(tokens: { token: string; expiresAt: string }[]) {
    this.digests = tokens.map((t) => ({ digest: digestOf(t.token), expiresAt: Date.parse(t.expiresAt) }));
  }

  accepts(presented: string, now = Date.now()): boolean {
    const digest = digestOf(presented);
    let ok = false;
    for (const t of this.digests) {
      // every stored token is compared, so the time taken says nothing about which one matched
      if (timingSafeEqual(t.digest, digest) && t.expiresAt > now) ok = true;
    }
    return ok;
  }
}

function digestOf(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}
