// Password reset, change and set, and deactivation calls (spec §7) and the spec §8 message of each outcome.
import {
  authPaths,
  type ChangePasswordRequest,
  messages,
  type ResetPasswordRequest,
  type SetPasswordRequest,
} from '@sandbox/contracts';
import { useMutation } from '@tanstack/react-query';
import { http, isHttpError } from '../../lib/http';

export const useForgotPassword = () =>
  useMutation({ mutationFn: (email: string) => http<unknown>(authPaths.forgotPassword(email)) });

export const useResetPassword = () =>
  useMutation({
    mutationFn: (body: ResetPasswordRequest) =>
      http<unknown>(authPaths.resetPassword, { method: 'PUT', body }),
  });

export const useChangePassword = () =>
  useMutation({
    mutationFn: (body: ChangePasswordRequest) =>
      http<unknown>(authPaths.changePassword, { method: 'POST', body }),
  });

export const useDeactivateAccount = () =>
  useMutation({ mutationFn: (id: number) => http<unknown>(authPaths.unregister(id), { method: 'DELETE' }) });

export const useSetPassword = () =>
  useMutation({
    mutationFn: ({ userId, body }: { userId: string; body: SetPasswordRequest }) =>
      http<unknown>(authPaths.setPassword(userId), { method: 'POST', body }),
  });

export function resetFailureMessage(error: unknown): string {
  return isHttpError(error, 401) ? messages.invalidOtp : messages.somethingWrong;
}

/** spec §8: a non-200 answer and a failure to reach the server read differently. */
export function setPasswordFailureMessage(error: unknown): string {
  return isHttpError(error) ? messages.setPasswordFailed : messages.setPasswordError;
}
