import { type RegisterRequest, ROLE_ADMIN, type SessionUser } from '@sandbox/contracts';
import { Conflict, Forbidden, Invalid, NotFound, TooManyRequests } from '../http/errors.js';
import type { Mailer } from '../mail/mailer.js';
import type { AttemptLimiter } from './attempts.js';
import { hashPassword, spendPasswordCheck, verifyPassword } from './passwords.js';
import type { SessionTokens } from './sessionToken.js';
import type { SignedInUser, User, UserStore } from './store.js';
import { hashToken, newVerificationToken, verificationUrl } from './verificationLink.js';

interface AuthDeps {
  users: UserStore;
  sessions: SessionTokens;
  /** Failed sign-ins per account, and (more loosely) per client address. */
  accountLimiter: AttemptLimiter;
  addressLimiter: AttemptLimiter;
  mailLimiter: AttemptLimiter;
  mailer: Mailer;
  publicUrl: string;
}

export const authMessages = {
  registered: 'Account created. Check your e-mail for the verification link.',
  taken: 'That username or e-mail address is already registered.',
  verified: 'Your e-mail address is verified.',
  invalidToken: 'This verification link is invalid, expired or already used.',
  linkSent: 'A new verification link has been sent.',
  unknownEmail: 'No account uses this e-mail address.',
  alreadyVerified: 'This e-mail address is already verified.',
  badCredentials: 'Username or password is incorrect.',
  unverified: 'Please verify your e-mail address before signing in.',
  tooManyTries: 'Too many attempts. Try again later.',
} as const;

export function createAuthService(deps: AuthDeps) {
  const { users, sessions, accountLimiter, addressLimiter, mailLimiter, mailer, publicUrl } = deps;

  async function mailVerificationLink(user: User, raw: string): Promise<void> {
    const link = verificationUrl(publicUrl, raw, false, user.id);
    await mailer.send({
      to: user.email,
      subject: 'Verify your e-mail address',
      text: `Hello ${user.firstName},\n\nConfirm your e-mail address for API Sandbox by opening this link:\n\n${link}\n\nThe link works once and expires in 24 hours. If you did not sign up, ignore this mail.\n`,
    });
  }

  async function toSessionUser(user: User): Promise<SessionUser> {
    const parent = user.parentUserId === null ? user : await users.findById(user.parentUserId);
    return {
      id: user.id,
      roleId: user.roleId,
      parentUserId: user.parentUserId,
      username: user.username,
      emailAddress: user.email,
      parentUserName: parent?.username ?? user.username,
    };
  }

  return {
    toSessionUser,

    // A new sign-up owns a team and is its Admin (DESIGN §5).
    async register(input: RegisterRequest): Promise<User> {
      if (await users.isTaken(input.username, input.emailAddress)) throw new Conflict(authMessages.taken);
      const token = newVerificationToken();
      let user: User;
      try {
        user = await users.createWithVerification(
          {
            firstName: input.firstName,
            lastName: input.lastName,
            email: input.emailAddress,
            username: input.username,
            passwordHash: await hashPassword(input.password),
            roleId: ROLE_ADMIN,
            parentUserId: null,
            isNewsletterSubscribed: input.isNewsLatterSubscribed,
          },
          token,
        );
      } catch (error) {
        // Two sign-ups racing for the same name: the unique index decides.
        if (await users.isTaken(input.username, input.emailAddress)) throw new Conflict(authMessages.taken);
        throw error;
      }
      await mailVerificationLink(user, token.raw);
      return user;
    },

    async verify(rawToken: string, userId?: number): Promise<number> {
      const verifiedId = await users.consumeVerificationToken(hashToken(rawToken), userId);
      if (verifiedId === undefined) throw new Invalid(authMessages.invalidToken);
      return verifiedId;
    },

    async resendVerification(email: string): Promise<void> {
      const key = `resend:${email.toLowerCase()}`;
      const wait = await mailLimiter.blockedFor([key]);
      if (wait > 0) throw new TooManyRequests(authMessages.tooManyTries, wait);
      const user = await users.findByEmail(email);
      if (!user?.isActive) throw new NotFound(authMessages.unknownEmail);
      if (user.isVerified) throw new Invalid(authMessages.alreadyVerified);
      await mailLimiter.record([key]);
      const token = newVerificationToken();
      await users.addVerificationToken(user.id, token);
      await mailVerificationLink(user, token.raw);
    },

    /** Username or e-mail. Wrong credentials → 403, unverified → 400, too many failures → 429. */
    async authenticate(login: string, password: string, address: string) {
      const account = [`signin:account:${login.trim().toLowerCase()}`];
      const client = [`signin:address:${address}`];
      const wait = Math.max(
        await accountLimiter.blockedFor(account),
        await addressLimiter.blockedFor(client),
      );
      if (wait > 0) throw new TooManyRequests(authMessages.tooManyTries, wait);
      const user = await users.findByLogin(login);
      const passwordOk = user?.passwordHash
        ? await verifyPassword(user.passwordHash, password)
        : await spendPasswordCheck(password).then(() => false);
      if (!user?.isActive || !passwordOk) {
        await accountLimiter.record(account);
        await addressLimiter.record(client);
        throw new Forbidden(authMessages.badCredentials);
      }
      if (!user.isVerified) throw new Invalid(authMessages.unverified);
      await accountLimiter.clear(account[0]);
      return { jwt: await sessions.sign({ userId: user.id }), user: await toSessionUser(user) };
    },

    /** The active user a session token belongs to, or null. */
    async userOfSession(token: string): Promise<SignedInUser | null> {
      const claims = await sessions.verify(token);
      if (!claims) return null;
      const user = await users.findById(claims.userId);
      if (!user?.isActive) return null;
      // a session older than the password is over, but for the one that set it
      const kept = claims.sessionId !== '' && claims.sessionId === user.keptSession;
      if (user.sessionsValidFrom && claims.issuedAtMs < Date.parse(user.sessionsValidFrom) && !kept)
        return null;
      return { ...user, sessionId: claims.sessionId };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
