import {
  type ChangePasswordRequest,
  OTP_MAX_WRONG_TRIES,
  OTP_TTL_MINUTES,
  type ResetPasswordRequest,
  SET_PASSWORD_WINDOW_MINUTES,
} from '@sandbox/contracts';
import { Invalid, NotFound, TooManyRequests, Unauthorized } from '../http/errors.js';
import type { Mailer } from '../mail/mailer.js';
import type { AttemptLimiter } from './attempts.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { hashResetCode, newResetCode, sameHash } from './resetCode.js';
import type { ResetCodeStore } from './resetCodeStore.js';
import type { SignedInUser, User, UserStore } from './store.js';

interface AccountDeps {
  users: UserStore;
  resetCodes: ResetCodeStore;
  mailer: Mailer;
  /** Keys the reset-code HMAC. */
  secret: string;
  /** Reset mails per login. */
  mailLimiter: AttemptLimiter;
  /** Wrong current passwords per account (a stolen session must not become a password oracle). */
  accountLimiter: AttemptLimiter;
  now?: () => Date;
}

export const accountMessages = {
  codeSent: 'A one-time code was sent to your e-mail address.',
  unknownAccount: 'No active account uses this e-mail address or username.',
  invalidCode: 'The code is wrong, expired or already used. Ask for a new one.',
  passwordChanged: 'Your password was changed.',
  notYourAccount: 'You can only change your own account.',
  wrongCurrentPassword: 'The current password is incorrect.',
  deactivated: 'The account was deactivated.',
  passwordSet: 'Your password is set. You can sign in now.',
  notInvited: 'This link does not belong to an invited team member.',
  notVerified: 'Verify your e-mail address first, with the link in your invitation.',
  passwordAlreadySet: 'A password is already set for this account. Sign in, or use Forgot password.',
  setPasswordExpired: `A password must be set within ${SET_PASSWORD_WINDOW_MINUTES} minutes of verifying the e-mail address. Use Forgot password to choose one.`,
  tooManyTries: 'Too many attempts. Try again later.',
} as const;

const MINUTE_MS = 60_000;

/** Password reset, change, set (invited members) and deactivation. */
export function createAccountService(deps: AccountDeps) {
  const { users, resetCodes, mailer, secret, mailLimiter, accountLimiter } = deps;
  const now = deps.now ?? (() => new Date());

  function ensureOwnAccount(user: User, login: string): void {
    const key = login.trim().toLowerCase();
    if (key !== user.username.toLowerCase() && key !== user.email)
      throw new Invalid(accountMessages.notYourAccount);
  }

  return {
    /** Mails a one-time code (spec §7 forgetPassword). Unknown or deactivated → 404. */
    async sendResetCode(login: string): Promise<void> {
      const key = `reset:${login.trim().toLowerCase()}`;
      const wait = await mailLimiter.blockedFor([key]);
      if (wait > 0) throw new TooManyRequests(accountMessages.tooManyTries, wait);
      const user = await users.findByLogin(login);
      if (!user?.isActive) throw new NotFound(accountMessages.unknownAccount);
      await mailLimiter.record([key]);
      const code = newResetCode();
      const at = now();
      await resetCodes.replace(
        user.id,
        hashResetCode(secret, user.id, code),
        new Date(at.getTime() + OTP_TTL_MINUTES * MINUTE_MS),
        at,
      );
      await mailer.send({
        to: user.email,
        subject: 'Your password reset code',
        text: `Hello ${user.firstName},\n\nYour one-time code to reset your API Sandbox password is:\n\n${code}\n\nIt works once and expires in ${OTP_TTL_MINUTES} minutes. If you did not ask for it, ignore this mail: your password stays as it is.\n`,
      });
    },

    /** Wrong, expired, spent or exhausted code → 401; after OTP_MAX_WRONG_TRIES wrong tries the code is dead. */
    async resetPassword({ username, otp, password }: ResetPasswordRequest): Promise<void> {
      const user = await users.findByLogin(username);
      const at = now();
      const code = user?.isActive ? await resetCodes.findLive(user.id, at, OTP_MAX_WRONG_TRIES) : undefined;
      if (!user || !code) throw new Unauthorized(accountMessages.invalidCode);
      if (!sameHash(code.codeHash, hashResetCode(secret, user.id, otp))) {
        await resetCodes.recordWrongTry(code.id);
        throw new Unauthorized(accountMessages.invalidCode);
      }
      const spent = await resetCodes.spendAndSetPassword(
        code,
        await hashPassword(password),
        at,
        OTP_MAX_WRONG_TRIES,
      );
      if (!spent) throw new Unauthorized(accountMessages.invalidCode);
      // The owner proved control of the mailbox: earlier failed sign-ins no longer lock them out.
      await accountLimiter.clear(`signin:account:${user.username.toLowerCase()}`);
      await accountLimiter.clear(`signin:account:${user.email}`);
    },

    // Answers 400, never 403, for someone else's name or a wrong password: the web app signs out on any 403.
    async changePassword(
      user: SignedInUser,
      { username, oldPassword, newPassword }: ChangePasswordRequest,
    ): Promise<void> {
      ensureOwnAccount(user, username);
      const key = `change:account:${user.id}`;
      const wait = await accountLimiter.blockedFor([key]);
      if (wait > 0) throw new TooManyRequests(accountMessages.tooManyTries, wait);
      if (!user.passwordHash || !(await verifyPassword(user.passwordHash, oldPassword))) {
        await accountLimiter.record([key]);
        throw new Invalid(accountMessages.wrongCurrentPassword);
      }
      await users.setPasswordHash(user.id, await hashPassword(newPassword), user.sessionId);
      await accountLimiter.clear(key);
    },

    /**
     * Deactivates one's own account. A team owner's members are deactivated too: the team's data
     * stays stored, but nobody can sign in to it any more.
     */
    async deactivate(user: User, id: number): Promise<{ membersDeactivated: number }> {
      if (id !== user.id) throw new Invalid(accountMessages.notYourAccount);
      const membersDeactivated = await users.deactivate(user.id, user.parentUserId === null);
      return { membersDeactivated };
    },

    /** Once, for a verified invited member without a password, within the window after verifying. */
    async setPassword(userId: number, password: string): Promise<void> {
      const user = await users.findById(userId);
      if (!user?.isActive || user.parentUserId === null) throw new Invalid(accountMessages.notInvited);
      if (user.passwordHash !== null) throw new Invalid(accountMessages.passwordAlreadySet);
      if (!user.isVerified || !user.verifiedAt) throw new Invalid(accountMessages.notVerified);
      const age = now().getTime() - Date.parse(user.verifiedAt);
      if (age > SET_PASSWORD_WINDOW_MINUTES * MINUTE_MS)
        throw new Invalid(accountMessages.setPasswordExpired);
      const set = await users.setFirstPassword(user.id, await hashPassword(password));
      if (!set) throw new Invalid(accountMessages.passwordAlreadySet);
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
