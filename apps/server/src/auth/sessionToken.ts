import { jwtVerify, SignJWT } from 'jose';

export interface SessionClaims {
  userId: number;
}

export interface SessionTokens {
  sign(claims: SessionClaims): Promise<string>;
  /** The claims of a valid, unexpired token; null otherwise. */
  verify(token: string): Promise<SessionClaims | null>;
}

export function createSessionTokens(secret: string, ttlSeconds: number): SessionTokens {
  const key = new TextEncoder().encode(secret);
  return {
    sign: ({ userId }) =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(userId))
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        const userId = Number(payload.sub);
        return Number.isInteger(userId) && userId > 0 ? { userId } : null;
      } catch {
        return null;
      }
    },
  };
}
