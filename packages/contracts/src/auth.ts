import { z } from 'zod';
import {
  MAX_INPUT_LENGTH,
  RESET_PASSWORD_MIN,
  SIGNIN_PASSWORD_MIN,
  STRONG_PASSWORD_MIN,
} from './constants.js';
import { validation } from './messages.js';

// spec §7 Account: paths of the account calls.
export const authPaths = {
  authenticate: '/api/v1/auth/authenticate',
  register: '/api/v1/auth/register',
  verify: (token: string, isTeamMember: string, userId: string) =>
    `/api/v1/auth/verification/${encodeURIComponent(token)}/${encodeURIComponent(isTeamMember)}/${encodeURIComponent(userId)}`,
  resendVerification: (email: string) => `/api/v1/auth/resendVerificationLink/${encodeURIComponent(email)}`,
  me: '/api/v1/auth/me',
  forgotPassword: (email: string) => `/api/v1/auth/forgetPassword/${encodeURIComponent(email)}`,
  resetPassword: '/api/v1/auth/reset-password',
  changePassword: '/api/v1/auth/change-password',
  unregister: (id: number) => `/api/v1/auth/unregister/${id}`,
  setPassword: (userId: string) => `/api/v1/auth/setPassword/${encodeURIComponent(userId)}`,
} as const;

const STRONG_PASSWORD = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[^A-Za-z0-9]).*$/;

const bounded = (schema: z.ZodString) => schema.max(MAX_INPUT_LENGTH, validation.tooLong(MAX_INPUT_LENGTH));

export const ZEmail = bounded(
  z.string().trim().min(1, validation.emailRequired).email(validation.emailInvalid),
);

// spec §5 Sign-in.
export const ZAuthenticateRequest = z.object({
  username: bounded(z.string().trim().min(1, validation.usernameRequired)),
  password: bounded(z.string().min(SIGNIN_PASSWORD_MIN, validation.signinPasswordMin)),
});
export type AuthenticateRequest = z.infer<typeof ZAuthenticateRequest>;

export const ZSessionUser = z.object({
  id: z.number(),
  roleId: z.number(),
  parentUserId: z.number().nullable(),
  username: z.string(),
  emailAddress: z.string(),
  parentUserName: z.string(),
});
export type SessionUser = z.infer<typeof ZSessionUser>;

/**
 * A sign-in refused for too many attempts (429) checked no password, so it must not read as a wrong
 * one (the spec's table has no message for it): it says when to try again, from the answer's Retry-After.
 */
export function tooManySignInsMessage(retryAfterSeconds: number | undefined): string {
  const refused = 'Too many sign-in attempts, so the password was not checked.';
  if (retryAfterSeconds === undefined) return `${refused} Try again later.`;
  if (retryAfterSeconds < 60)
    return `${refused} Try again in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}.`;
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `${refused} Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

export const ZAuthenticateResponse = z.object({ jwt: z.string(), user: ZSessionUser });
export type AuthenticateResponse = z.infer<typeof ZAuthenticateResponse>;

export const ZStrongPassword = bounded(
  z
    .string()
    .min(STRONG_PASSWORD_MIN, validation.signupPasswordMin)
    .regex(STRONG_PASSWORD, validation.passwordStrength),
);

// spec §3 Registration, §5 Signup.
export const ZRegisterRequest = z.object({
  firstName: bounded(z.string().trim().min(1, validation.firstNameRequired)),
  lastName: bounded(z.string().trim().min(1, validation.lastNameRequired)),
  emailAddress: ZEmail,
  username: bounded(z.string().trim().min(1, validation.usernameRequired)),
  password: ZStrongPassword,
  isNewsLatterSubscribed: z.boolean(),
});
export type RegisterRequest = z.infer<typeof ZRegisterRequest>;

export const ZResendVerificationRequest = z.object({ email: ZEmail });

export const ZMessageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof ZMessageResponse>;

// An invited member's verification also hands out the one secret that lets them set a password.
// A link of an address already verified (followed again, or an older one) verifies nothing and says so.
export const ZVerifyResponse = ZMessageResponse.extend({
  setPasswordToken: z.string().optional(),
  alreadyVerified: z.literal(true).optional(),
});
export type VerifyResponse = z.infer<typeof ZVerifyResponse>;

// Account recovery and settings (issue 3): one-time reset codes, change, deactivate, set password.
export const OTP_LENGTH = 6;
export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_WRONG_TRIES = 5;
/** An invited member sets a password within this window after verifying their e-mail. */
export const SET_PASSWORD_WINDOW_MINUTES = 30;

// spec §5 Forgot password: the reset password only needs 6 characters (spec §9).
const ZResetPassword = bounded(z.string().min(RESET_PASSWORD_MIN, validation.signinPasswordMin));

// spec §3 Reset password. `username` is the username or the e-mail address.
export const ZResetPasswordRequest = z.object({
  username: bounded(z.string().trim().min(1, validation.usernameRequired)),
  // Any short text: a malformed code is simply a wrong one (401), not a bad request.
  otp: bounded(z.string().trim().min(1, validation.otpRequired)),
  password: ZResetPassword,
});
export type ResetPasswordRequest = z.infer<typeof ZResetPasswordRequest>;

export const ZForgotPasswordForm = z.object({ email: ZEmail });
export type ForgotPasswordForm = z.infer<typeof ZForgotPasswordForm>;

export const ZResetPasswordForm = ZResetPasswordRequest.pick({ otp: true, password: true })
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: validation.passwordMismatch,
    path: ['confirmPassword'],
  });
export type ResetPasswordForm = z.infer<typeof ZResetPasswordForm>;

// spec §5 Change password: "required" comes first so an empty field names the right problem.
const ZNewPassword = bounded(
  z
    .string()
    .min(1, validation.newPasswordRequired)
    .min(STRONG_PASSWORD_MIN, validation.newPasswordMin)
    .regex(STRONG_PASSWORD, validation.passwordStrength),
);

// spec §3 Password change payload.
export const ZChangePasswordRequest = z.object({
  username: bounded(z.string().trim().min(1, validation.usernameRequired)),
  oldPassword: bounded(z.string().min(1, validation.currentPasswordRequired)),
  newPassword: ZNewPassword,
});
export type ChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;

export const ZChangePasswordForm = z
  .object({
    currentPassword: bounded(
      z
        .string()
        .min(1, validation.currentPasswordRequired)
        .min(STRONG_PASSWORD_MIN, validation.currentPasswordMin),
    ),
    newPassword: ZNewPassword,
    confirmPassword: z.string().min(1, validation.confirmPasswordRequired),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: validation.confirmPasswordMatch,
    path: ['confirmPassword'],
  });
export type ChangePasswordForm = z.infer<typeof ZChangePasswordForm>;

// spec §5 Delete account (its messages have no final full stop).
export const ZDeleteAccountForm = z.object({
  email: bounded(
    z.string().trim().min(1, validation.deleteEmailRequired).email(validation.deleteEmailInvalid),
  ),
});
export type DeleteAccountForm = z.infer<typeof ZDeleteAccountForm>;

// spec §5 Set password (invited members): 8+ characters with an uppercase letter and a digit.
export const ZSetPasswordRequest = z.object({
  password: bounded(
    z
      .string()
      .min(STRONG_PASSWORD_MIN, validation.setPasswordRule)
      .regex(/^(?=.*[A-Z])(?=.*\d)/, validation.setPasswordRule),
  ),
  // The verification step's secret. Optional here so a missing one is refused like a wrong one.
  setPasswordToken: z.string().max(200).optional(),
});
export type SetPasswordRequest = z.infer<typeof ZSetPasswordRequest>;

export const ZSetPasswordForm = ZSetPasswordRequest.pick({ password: true })
  .extend({
    confirmPassword: z.string().min(1, validation.confirmPasswordRequired),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: validation.setPasswordMismatch,
    path: ['confirmPassword'],
  });
export type SetPasswordForm = z.infer<typeof ZSetPasswordForm>;
