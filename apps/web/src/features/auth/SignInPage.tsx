import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Link, Stack, TextField } from '@mui/material';
import {
  type AuthenticateRequest,
  MAX_INPUT_LENGTH,
  messages,
  ZAuthenticateRequest,
  ZEmail,
} from '@sandbox/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, Link as RouterLink, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { PasswordField } from '../../components/PasswordField';
import { hasSession, saveSession } from '../../lib/session';
import { AlphaNoticeDialog } from './AlphaNoticeDialog';
import { AuthLayout } from './AuthLayout';
import {
  isUnverifiedLogin,
  resendFailureMessage,
  signInFailureMessage,
  useResendVerification,
  useSignIn,
} from './api';
import { UnverifiedEmailDialog } from './UnverifiedEmailDialog';

export function SignInPage() {
  const navigate = useNavigate();
  const [noticeOpen, setNoticeOpen] = useState(true);
  const [unverifiedOpen, setUnverifiedOpen] = useState(false);
  const signIn = useSignIn();
  const resend = useResendVerification();
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm<AuthenticateRequest>({
    resolver: zodResolver(ZAuthenticateRequest),
    defaultValues: { username: '', password: '' },
  });

  if (hasSession()) return <Navigate to="/dashboard" replace />;

  const onSubmit = handleSubmit((credentials) =>
    signIn.mutate(credentials, {
      onSuccess: (session) => {
        saveSession(session);
        toast.success(messages.loginSuccess);
        navigate('/dashboard', { replace: true });
      },
      onError: (error) => {
        toast.error(signInFailureMessage(error));
        if (isUnverifiedLogin(error)) setUnverifiedOpen(true);
      },
    }),
  );

  // The resend call needs an address; someone who signed in with a username types it on its own page.
  const resendLink = () => {
    const email = ZEmail.safeParse(getValues('username'));
    if (!email.success) {
      navigate('/resend-verification');
      return;
    }
    resend.mutate(email.data, {
      onSuccess: () => {
        toast.success(messages.resendSuccess);
        setUnverifiedOpen(false);
      },
      onError: (error) => toast.error(resendFailureMessage(error)),
    });
  };

  return (
    <AuthLayout title="Sign in" subtitle="Welcome back. Sign in to design, deploy and test your APIs.">
      <Box component="form" noValidate onSubmit={onSubmit}>
        <Stack spacing={2}>
          <TextField
            label="Email or Username"
            autoComplete="username"
            autoFocus
            fullWidth
            {...register('username')}
            error={Boolean(errors.username)}
            helperText={errors.username?.message}
            slotProps={{ htmlInput: { maxLength: MAX_INPUT_LENGTH } }}
          />
          <PasswordField
            label="Password"
            autoComplete="current-password"
            fullWidth
            maxLength={MAX_INPUT_LENGTH}
            {...register('password')}
            error={Boolean(errors.password)}
            helperText={errors.password?.message}
          />
          <Box sx={{ textAlign: 'right' }}>
            <Link component={RouterLink} to="/forgot-password" variant="body2">
              Forgot password?
            </Link>
          </Box>
          <Button type="submit" variant="contained" size="large" disabled={signIn.isPending}>
            Sign In
          </Button>
          <Box sx={{ textAlign: 'center', typography: 'body2' }}>
            New here?{' '}
            <Link component={RouterLink} to="/signup">
              Create account
            </Link>
          </Box>
        </Stack>
      </Box>
      <AlphaNoticeDialog open={noticeOpen} onClose={() => setNoticeOpen(false)} />
      <UnverifiedEmailDialog
        open={unverifiedOpen}
        onClose={() => setUnverifiedOpen(false)}
        onResend={resendLink}
        busy={resend.isPending}
      />
    </AuthLayout>
  );
}
