// What the sign-in screen does once the user submits: the contract's checks, the call, the session and
// the toasts. The screen fetches this with its first submit, so it shows without zod, the HTTP client
// and react-toastify (README, first load).
import { type AuthenticateRequest, messages, ZAuthenticateRequest, ZEmail } from '@sandbox/contracts';
import { toast } from 'react-toastify';
import { loadToasts } from '../../components/ToastsHost';
import { saveSession } from '../../lib/session';
import {
  authenticate,
  isUnverifiedLogin,
  resendFailureMessage,
  resendVerification,
  signInFailureMessage,
} from './api';

export type SignInErrors = Partial<Record<keyof AuthenticateRequest, string>>;

/** The credentials as the contract reads them (trimmed), or the contract's first message per field. */
export function checkCredentials(
  values: AuthenticateRequest,
):
  | { credentials: AuthenticateRequest; errors?: undefined }
  | { credentials?: undefined; errors: SignInErrors } {
  const parsed = ZAuthenticateRequest.safeParse(values);
  if (parsed.success) return { credentials: parsed.data };
  const errors: SignInErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof AuthenticateRequest;
    errors[field] ??= issue.message;
  }
  return { errors };
}

export type SignInOutcome = 'signed-in' | 'refused' | 'unverified';

/** Signs in and keeps the session; each outcome shows its spec §8 toast. */
export async function signIn(credentials: AuthenticateRequest): Promise<SignInOutcome> {
  loadToasts();
  try {
    saveSession(await authenticate(credentials));
    toast.success(messages.loginSuccess);
    return 'signed-in';
  } catch (error) {
    toast.error(signInFailureMessage(error));
    return isUnverifiedLogin(error) ? 'unverified' : 'refused';
  }
}

export type ResendOutcome = 'sent' | 'failed' | 'no-address';

/**
 * Sends a new verification link to the login typed, when it is an e-mail address: someone who signed
 * in with a username types their address on the resend page instead.
 */
export async function resendLink(login: string): Promise<ResendOutcome> {
  const email = ZEmail.safeParse(login);
  if (!email.success) return 'no-address';
  loadToasts();
  try {
    await resendVerification(email.data);
    toast.success(messages.resendSuccess);
    return 'sent';
  } catch (error) {
    toast.error(resendFailureMessage(error));
    return 'failed';
  }
}
