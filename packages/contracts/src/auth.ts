import { z } from 'zod';
import { MAX_INPUT_LENGTH, SIGNIN_PASSWORD_MIN, STRONG_PASSWORD_MIN } from './constants.js';
import { validation } from './messages.js';

// spec §7 Account: paths of the account calls.
export const authPaths = {
  authenticate: '/api/v1/auth/authenticate',
  register: '/api/v1/auth/register',
  verify: (token: string, isTeamMember: string, userId: string) =>
    `/api/v1/auth/verification/${encodeURIComponent(token)}/${encodeURIComponent(isTeamMember)}/${encodeURIComponent(userId)}`,
  resendVerification: (email: string) => `/api/v1/auth/resendVerificationLink/${encodeURIComponent(email)}`,
  me: '/api/v1/auth/me',
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
