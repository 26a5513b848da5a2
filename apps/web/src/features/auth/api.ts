// Account calls of spec §7 and the spec §8 message each outcome shows.
import {
  type AuthenticateRequest,
  authPaths,
  type MessageResponse,
  messages,
  type RegisterRequest,
  tooManySignInsMessage,
  type VerifyResponse,
  ZAuthenticateResponse,
  ZMessageResponse,
  ZVerifyResponse,
} from '@sandbox/contracts';
import { useMutation } from '@tanstack/react-query';
import { http, isHttpError } from '../../lib/http';

export async function authenticate(credentials: AuthenticateRequest) {
  const parsed = ZAuthenticateResponse.safeParse(
    await http<unknown>(authPaths.authenticate, { method: 'POST', body: credentials }),
  );
  // spec §8: an answer without a jwt is a failed login.
  if (!parsed.success) throw new Error(messages.loginFailed);
  return parsed.data;
}

async function readMessage(path: string, method: 'GET' | 'POST', body?: unknown): Promise<MessageResponse> {
  const parsed = ZMessageResponse.safeParse(await http<unknown>(path, { method, body }));
  return parsed.success ? parsed.data : { message: '' };
}

export interface VerifyEmailParams {
  token: string;
  isTeamMember: string;
  userId: string;
}

export const useRegister = () =>
  useMutation({ mutationFn: (body: RegisterRequest) => readMessage(authPaths.register, 'POST', body) });

async function verifyEmail({ token, isTeamMember, userId }: VerifyEmailParams): Promise<VerifyResponse> {
  const parsed = ZVerifyResponse.safeParse(
    await http<unknown>(authPaths.verify(token, isTeamMember, userId), { method: 'POST' }),
  );
  return parsed.success ? parsed.data : { message: '' };
}

export const useVerifyEmail = () => useMutation({ mutationFn: verifyEmail });

export const resendVerification = (email: string) => readMessage(authPaths.resendVerification(email), 'GET');

export const useResendVerification = () => useMutation({ mutationFn: resendVerification });

/** True when the sign-in failed only because the e-mail address is not verified yet. */
export function isUnverifiedLogin(error: unknown): boolean {
  return isHttpError(error, 400);
}

export function signInFailureMessage(error: unknown): string {
  if (isHttpError(error, 429)) return tooManySignInsMessage(error.retryAfterSeconds);
  return isUnverifiedLogin(error) ? messages.loginUnverified : messages.loginFailed;
}

export function registerFailureMessage(error: unknown): string {
  // A 400 names the rejected field, which helps more than the generic text.
  if (isHttpError(error, 400) && error.message) return error.message;
  return messages.registerFailed;
}

export function resendFailureMessage(error: unknown): string {
  return isHttpError(error, 400) ? messages.resendOther : messages.resendIncorrect;
}
