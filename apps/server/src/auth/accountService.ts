import {
  type ChangePasswordRequest,
  OTP_MAX_WRONG_TRIES,
  OTP_TTL_MINUTES,
  type ResetPasswordRequest,
  SET_PASSWORD_WINDOW_MINUTES,
} from '@sandbox/contracts';
import { Invalid, TooManyRequests, Unauthorized } from '../http/errors.js';
import type { Mailer } from '../mail/mailer.js';
import type { AttemptLimiter } from './attempts.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { hashResetCode, newResetCode, sameHash } from './resetCode.js';
import type { ResetCodeStore } from './resetCodeStore.js';
import { signInAccountKey } from './service.js';
import type { SignedInUser, User, UserStore } from './store.js';
import { hashToken } from './verificationLink.js';

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
  /** The sign-in limiter, whose count a completed reset lifts. */
  signInLimiter: AttemptLimiter;
  /** Undeploys every API of a team, so that its sandboxes answer no more. */
  undeployTeam: (teamId: number) => Promise<void>;
  now?: () => Date;
}

export const accountMessages = {
  codeSent: 'A one-time code was sent to your e-mail address.',
  invalidCode: 'The code is wrong, expired or already used. Ask for a new one.',
  passwordChanged: 'Your password was changed.',
  notYourAccount: 'You can only change your own account.',
  wrongCurrentPassword: 'The current password is incorrect.',
  deactivated: 'The account was deactivated.',
  passwordSet: 'Your password is set. You can sign in now.',
  setPasswordRefused: `This page works once, for ${SET_PASSWORD_WINDOW_MINUTES} minutes after you open the link in your invitation. Sign in if your password is set, or use Forgot password to choose one.`,
  tooManyTries: 'Too many attempts. Try again later.',
} as const;

const MINUTE_MS = 60_000;

/** What a reset-code request really did; the caller hears the same either way. */
export type ResetCodeOutcome = 'sent' | 'no account' | 'deactivated account';

/** Password reset, change, set (invited members) and deactivation. */
export function createAccountService(deps: AccountDeps) {
  const { users, resetCodes, mailer, secret, mailLimiter, accountLimiter, signInLimiter, undeployTeam } =
    deps;
  const now = deps.now ?? (() => new Date());

  function ensureOwnAccount(user: User, login: string): void {
    const key = login.trim().toLowerCase();
    if (key !== user.username.toLowerCase() && key !== user.email)
      throw new Invalid(accountMessages.notYourAccount);
  }

  return {
    /**
     * Mails a one-time code (spec §7 forgetPassword). An unknown or deactivated login answers as a
     * mailed code does, so the answer tells nobody whether an account exists; every request counts
     * towards the limit for that reason.
     */
    async sendResetCode(login: string): Promise<ResetCodeOutcome> {
      const attempt = await mailLimiter.take([`reset:${login.trim().toLowerCase()}`]);
      if (attempt.waitSeconds > 0)
        throw new TooManyRequests(accountMessages.tooManyTries, attempt.waitSeconds);
      const user = await users.findByLogin(login);
      if (!user) return 'no account';
      if (!user.isActive) return 'deactivated account';
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
        code,
        text: `Hello ${user.firstName},\n\nYour one-time code to reset your API Sandbox password is:\n\n${code}\n\nIt works once and expires in ${OTP_TTL_MINUTES} minutes. If you did not ask for it, ignore this mail: your password stays as it is.\n`,
      });
      return 'sent';
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
      await signInLimiter.clear(signInAccountKey(username, user));
    },

    // Answers 400, never 403, for someone else's name or a wrong password: the web app signs out on any 403.
    async changePassword(
      user: SignedInUser,
      { username, oldPassword, newPassword }: ChangePasswordRequest,
    ): Promise<void> {
      ensureOwnAccount(user, username);
      const attempt = await accountLimiter.take([`change:account:${user.id}`]);
      if (attempt.waitSeconds > 0)
        throw new TooManyRequests(accountMessages.tooManyTries, attempt.waitSeconds);
      if (!user.passwordHash || !(await verifyPassword(user.passwordHash, oldPassword)))
        throw new Invalid(accountMessages.wrongCurrentPassword);
      await attempt.giveBack();
      await users.setPasswordHash(user.id, await hashPassword(newPassword), user.sessionId);
    },

    /**
     * Deletes (deactivates) one's own account, freeing its e-mail address and username. A member's
     * team goes on. An owner's team ends with them (DESIGN §5: everything belongs to the owner's
     * team): its members' accounts close too, and its APIs stay stored but their sandboxes stop
     * answering. The APIs go first, so that a closing that fails can be tried again.
     */
    async deactivate(user: User, id: number): Promise<{ membersDeactivated: number }> {
      if (id !== user.id) throw new Invalid(accountMessages.notYourAccount);
      const ownsTeam = user.parentUserId === null;
      if (ownsTeam) await undeployTeam(user.id);
      return { membersDeactivated: await users.closeAccount(user.id, ownsTeam) };
    },

    /**
     * Once, for an invited member holding the secret their verification handed out, within the
     * window after verifying. Every refusal reads the same, so the answer tells nothing about the id.
     */
    async setPassword(userId: number, password: string, setPasswordToken: string | undefined): Promise<void> {
      const user = await users.findById(userId);
      const offered = hashToken(setPasswordToken ?? '');
      const verifiedAt = user?.verifiedAt ? Date.parse(user.verifiedAt) : Number.NaN;
      const inWindow = now().getTime() - verifiedAt <= SET_PASSWORD_WINDOW_MINUTES * MINUTE_MS;
      const allowed =
        user?.isActive &&
        user.parentUserId !== null &&
        user.passwordHash === null &&
        user.isVerified &&
        inWindow &&
        user.setPasswordHash !== null &&
        setPasswordToken &&
        sameHash(user.setPasswordHash, offered);
      if (!user || !allowed) throw new Unauthorized(accountMessages.setPasswordRefused);
      const set = await users.setFirstPassword(user.id, offered, await hashPassword(password));
      if (!set) throw new Unauthorized(accountMessages.setPasswordRefused);
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
