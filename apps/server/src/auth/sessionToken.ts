import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export interface SessionClaims {
  userId: number;
  /** Tells this session from the account's others ('' for a token from before sessions had one). */
  sessionId: string;
  /** When the token was issued, in milliseconds since the epoch. */
  issuedAtMs: number;
}

export interface SessionTokens {
  sign(claims: { userId: number }): Promise<string>;
  /** The claims of a valid, unexpired token; null otherwise. */
  verify(token: string): Promise<SessionClaims | null>;
}

/** `now`: the time sessions are checked against (tests move it on rather than wait). */
export function createSessionTokens(
  secret: string,
  ttlSeconds: number,
  now: () => number = Date.now,
): SessionTokens {
  const key = new TextEncoder().encode(secret);
  return {
    sign: ({ userId }) =>
      // `iat` counts whole seconds; a password changed in the same second must still tell apart
      // the sessions before it from those after it
      new SignJWT({ issuedAtMs: Date.now() })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(userId))
        .setJti(randomUUID())
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          currentDate: new Date(now()),
        });
        const userId = Number(payload.sub);
        if (!Number.isInteger(userId) || userId <= 0) return null;
        const issuedAtMs =
          typeof payload.issuedAtMs === 'number' ? payload.issuedAtMs : (payload.iat ?? 0) * 1000;
        return { userId, sessionId: payload.jti ?? '', issuedAtMs };
      } catch {
        return null;
      }
    },
  };
}
