import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Stack } from '@mui/material';
import {
  messages,
  SET_PASSWORD_REDIRECT_MS,
  type SetPasswordForm,
  TOOL_TOAST_AUTO_CLOSE_MS,
  ZSetPasswordForm,
} from '@sandbox/contracts';
import { useForm } from 'react-hook-form';
import { useParams } from 'react-router';
import { type ToastOptions, toast } from 'react-toastify';
import { isHttpError } from '../../lib/http';
import { AuthLayout } from './AuthLayout';
import { NewPasswordFields } from './NewPasswordFields';
import { setPasswordFailureMessage, useSetPassword } from './passwordApi';
import { forgetSetPasswordToken, setPasswordTokenOf } from './setPasswordToken';
import { useDelayedNavigate } from './useDelayedNavigate';

// spec §9: this screen's toasts sit bottom-right for 4 s.
const TOAST: ToastOptions = { position: 'bottom-right', autoClose: TOOL_TOAST_AUTO_CLOSE_MS };

// spec §2 Set Your Password: invited members arrive here from their verification link.
export function SetPasswordPage() {
  const { userId = '' } = useParams();
  const setPassword = useSetPassword();
  const navigateLater = useDelayedNavigate();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SetPasswordForm>({
    resolver: zodResolver(ZSetPasswordForm),
    defaultValues: { password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(({ password }) =>
    setPassword.mutate(
      { userId, body: { password, setPasswordToken: setPasswordTokenOf(userId) } },
      {
        onSuccess: () => {
          forgetSetPasswordToken(userId);
          toast.success(messages.passwordSet, TOAST);
          navigateLater('/', SET_PASSWORD_REDIRECT_MS);
        },
        onError: (error) => toast.error(setPasswordFailureMessage(error), TOAST),
      },
    ),
  );

  // The server's reason tells the member what to do next (sign in, or Forgot password).
  const reason = isHttpError(setPassword.error) ? setPassword.error.message : undefined;
  const working = setPassword.isPending;

  return (
    <AuthLayout title="Set Your Password" subtitle="Choose a password to finish joining your team.">
      <Box component="form" noValidate onSubmit={onSubmit}>
        <Stack spacing={2}>
          {reason && <Alert severity="warning">{reason}</Alert>}
          <NewPasswordFields
            password={register('password')}
            confirmPassword={register('confirmPassword')}
            errors={errors}
            autoFocus
          />
          <Button type="submit" variant="contained" size="large" disabled={working || setPassword.isSuccess}>
            {working ? 'Setting...' : 'Set Password'}
          </Button>
        </Stack>
      </Box>
    </AuthLayout>
  );
}
