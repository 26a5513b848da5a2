import { type RegisterRequest, ROLE_ADMIN, type SessionUser } from '@sandbox/contracts';
import { Conflict, Forbidden, Invalid, TooManyRequests } from '../http/errors.js';
import type { Mailer } from '../mail/mailer.js';
import type { AttemptLimiter } from './attempts.js';
import { hashPassword, spendPasswordCheck, verifyPassword } from './passwords.js';
import type { SessionTokens } from './sessionToken.js';
import type { SignedInUser, User, UserStore } from './store.js';
import { hashToken, newSetPasswordToken, newVerificationToken, verificationUrl } from './verificationLink.js';

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
  alreadyVerified: 'Your e-mail address is already verified.',
  invalidToken: 'This verification link is invalid, expired or already used.',
  linkSent: 'A new verification link has been sent.',
  badCredentials: 'Username or password is incorrect.',
  unverified: 'Please verify your e-mail address before signing in.',
  tooManyTries: 'Too many attempts. Try again later.',
} as const;

/**
 * The sign-in limit counts per account, so its username and e-mail address share one count; a login
 * that names no account is counted by its text, so its 429 comes just as soon and tells nothing.
 */
export function signInAccountKey(login: string, user: User | undefined): string {
  return user ? `signin:account:${user.id}` : `signin:login:${login.trim().toLowerCase()}`;
}

/** An invited member who has not chosen a password yet. */
function needsFirstPassword(user: User): boolean {
  return user.isActive && user.parentUserId !== null && user.passwordHash === null;
}

/** What a request for a new verification link really did; the caller hears the same either way. */
export type ResendOutcome = 'sent' | 'no active account' | 'already verified';

export function createAuthService(deps: AuthDeps) {
  const { users, sessions, accountLimiter, addressLimiter, mailLimiter, mailer, publicUrl } = deps;

  async function mailVerificationLink(user: User, raw: string): Promise<void> {
    // An invited member who asks for a new link still has a password to set after following it.
    const link = verificationUrl(publicUrl, raw, needsFirstPassword(user), user.id);
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

    /**
     * Spends the mailed token. An invited member without a password also gets the secret that alone
     * lets them set one: the mailed link is its only way in, so knowing the user id is not enough.
     * A link followed again, or an old one, of an account already verified says so: only a link that
     * can verify nothing is refused.
     */
    async verify(
      rawToken: string,
      userId?: number,
    ): Promise<{ setPasswordToken?: string; alreadyVerified?: true }> {
      const hash = hashToken(rawToken);
      const verifiedId = await users.consumeVerificationToken(hash, userId);
      if (verifiedId === undefined) {
        const holder = await users.findByVerificationToken(hash, userId);
        if (holder?.isActive && holder.isVerified) return { alreadyVerified: true };
        throw new Invalid(authMessages.invalidToken);
      }
      const user = await users.findById(verifiedId);
      if (!user || !needsFirstPassword(user)) return {};
      const secret = newSetPasswordToken();
      await users.keepSetPasswordHash(user.id, secret.hash);
      return { setPasswordToken: secret.raw };
    },

    /**
     * Unknown, deactivated and verified addresses answer as a sent link does, so the answer tells
     * nobody whether an address has an account; every request counts towards the limit for that reason.
     */
    async resendVerification(email: string): Promise<ResendOutcome> {
      const attempt = await mailLimiter.take([`resend:${email.trim().toLowerCase()}`]);
      if (attempt.waitSeconds > 0) throw new TooManyRequests(authMessages.tooManyTries, attempt.waitSeconds);
      const user = await users.findByEmail(email);
      if (!user?.isActive) return 'no active account';
      if (user.isVerified) return 'already verified';
      const token = newVerificationToken();
      await users.addVerificationToken(user.id, token);
      await mailVerificationLink(user, token.raw);
      return 'sent';
    },

    /**
     * Username or e-mail. Wrong credentials → 403, unverified → 400, too many attempts → 429.
     * The attempt is counted before the password is checked, so parallel guesses cannot all be
     * checked; a right password gives back only its own count (see `signInAccountKey`).
     */
    async authenticate(login: string, password: string, address: string) {
      const user = await users.findByLogin(login);
      const accountAttempt = await accountLimiter.take([signInAccountKey(login, user)]);
      const addressAttempt = await addressLimiter.take([`signin:address:${address}`]);
      const wait = Math.max(accountAttempt.waitSeconds, addressAttempt.waitSeconds);
      if (wait > 0) throw new TooManyRequests(authMessages.tooManyTries, wait);
      const passwordOk = user?.passwordHash
        ? await verifyPassword(user.passwordHash, password)
        : await spendPasswordCheck(password).then(() => false);
      if (!user?.isActive || !passwordOk) throw new Forbidden(authMessages.badCredentials);
      // The right password is no guess: it leaves the counts as the other attempts made them.
      await accountAttempt.giveBack();
      await addressAttempt.giveBack();
      if (!user.isVerified) throw new Invalid(authMessages.unverified);
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

// What other capabilities use of this one's parts: they reach it only through this module.
export type { AttemptLimiter } from './attempts.js';
export { teamOf, type User, type UserStore } from './store.js';
export { newVerificationToken, verificationUrl } from './verificationLink.js';
