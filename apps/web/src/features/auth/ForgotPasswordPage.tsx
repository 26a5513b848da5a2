import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Link, Stack } from '@mui/material';
import {
  type ForgotPasswordForm,
  MAX_INPUT_LENGTH,
  messages,
  OTP_LENGTH,
  OTP_TTL_MINUTES,
  type ResetPasswordForm,
  ZForgotPasswordForm,
  ZResetPasswordForm,
} from '@sandbox/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { OutlinedTextField } from '../../components/OutlinedTextField';
import { AuthLayout } from './AuthLayout';
import { NewPasswordFields } from './NewPasswordFields';
import { resetFailureMessage, useForgotPassword, useResetPassword } from './passwordApi';

// spec §2 /forgot-password, §4: e-mail step, then code and new password, then /signin.
export function ForgotPasswordPage() {
  const [email, setEmail] = useState<string | null>(null);
  return (
    <AuthLayout
      title="Forgot Password"
      subtitle={
        email
          ? `Enter the ${OTP_LENGTH}-digit code we sent to ${email} (valid ${OTP_TTL_MINUTES} minutes) and choose a new password.`
          : 'Enter the email address of your account and we will send you a one-time code.'
      }
    >
      {email ? <ResetStep email={email} onRestart={() => setEmail(null)} /> : <EmailStep onSent={setEmail} />}
      <Box sx={{ textAlign: 'center', typography: 'body2', mt: 2 }}>
        <Link component={RouterLink} to="/signin">
          Back to sign in
        </Link>
      </Box>
    </AuthLayout>
  );
}

function EmailStep({ onSent }: { onSent: (email: string) => void }) {
  const forgot = useForgotPassword();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ForgotPasswordForm>({
    resolver: zodResolver(ZForgotPasswordForm),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(({ email }) =>
    forgot.mutate(email, {
      onSuccess: () => {
        toast.success(messages.otpSent);
        onSent(email);
      },
      onError: () => toast.error(messages.forgotPasswordFailed),
    }),
  );

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <Stack spacing={2}>
        <OutlinedTextField
          label="Email"
          type="email"
          autoComplete="email"
          autoFocus
          fullWidth
          {...register('email')}
          error={Boolean(errors.email)}
          helperText={errors.email?.message}
          maxLength={MAX_INPUT_LENGTH}
        />
        <Button type="submit" variant="contained" size="large" disabled={forgot.isPending}>
          Send OTP
        </Button>
      </Stack>
    </Box>
  );
}

function ResetStep({ email, onRestart }: { email: string; onRestart: () => void }) {
  const navigate = useNavigate();
  const reset = useResetPassword();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ResetPasswordForm>({
    resolver: zodResolver(ZResetPasswordForm),
    defaultValues: { otp: '', password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(({ otp, password }) =>
    reset.mutate(
      { username: email, otp, password },
      {
        onSuccess: () => {
          toast.success(messages.passwordChanged);
          navigate('/signin', { replace: true });
        },
        onError: (error) => toast.error(resetFailureMessage(error)),
      },
    ),
  );

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <Stack spacing={2}>
        <OutlinedTextField
          label="OTP"
          autoComplete="one-time-code"
          autoFocus
          fullWidth
          {...register('otp')}
          error={Boolean(errors.otp)}
          helperText={errors.otp?.message}
          maxLength={OTP_LENGTH}
          inputMode="numeric"
        />
        <NewPasswordFields
          password={register('password')}
          confirmPassword={register('confirmPassword')}
          errors={errors}
        />
        <Button type="submit" variant="contained" size="large" disabled={reset.isPending}>
          Reset Password
        </Button>
        <Button variant="text" onClick={onRestart}>
          Send a new code
        </Button>
      </Stack>
    </Box>
  );
}
