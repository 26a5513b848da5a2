import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Checkbox, FormControlLabel, Link, Stack, Typography } from '@mui/material';
import {
  MAX_INPUT_LENGTH,
  type RegisterRequest,
  SIGNUP_SUCCESS_NOTICE_MS,
  ZRegisterRequest,
} from '@sandbox/contracts';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { toast } from 'react-toastify';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { OutlinedTextField } from '../../components/OutlinedTextField';
import { PasswordField } from '../../components/PasswordField';
import { AuthLayout } from './AuthLayout';
import { ALPHA_NOTICE } from './alphaNotice';
import { registerFailureMessage, useRegister } from './api';
import { useDelayedNavigate } from './useDelayedNavigate';

const FALLBACK_SUCCESS = 'Your account was created. Check your inbox to verify your email address.';

const TEXT_FIELDS = [
  { name: 'firstName', label: 'First Name', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Last Name', autoComplete: 'family-name' },
  { name: 'emailAddress', label: 'Email', autoComplete: 'email' },
  { name: 'username', label: 'Username', autoComplete: 'username' },
] as const;

export function SignUpPage() {
  const [pending, setPending] = useState<RegisterRequest | null>(null);
  const registration = useRegister();
  const navigateLater = useDelayedNavigate();
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<RegisterRequest>({
    resolver: zodResolver(ZRegisterRequest),
    defaultValues: {
      firstName: '',
      lastName: '',
      emailAddress: '',
      username: '',
      password: '',
      isNewsLatterSubscribed: false,
    },
  });

  // spec §4: the alpha warning comes between a valid form and the register call.
  const onSubmit = handleSubmit((values) => setPending(values));

  const confirm = () => {
    if (!pending) return;
    registration.mutate(pending, {
      onSuccess: ({ message }) => {
        setPending(null);
        toast.success(message || FALLBACK_SUCCESS, { autoClose: SIGNUP_SUCCESS_NOTICE_MS });
        navigateLater('/signin', SIGNUP_SUCCESS_NOTICE_MS);
      },
      onError: (error) => {
        setPending(null);
        toast.error(registerFailureMessage(error));
      },
    });
  };

  return (
    <AuthLayout title="Create account" subtitle="Start designing and sandboxing your APIs.">
      <Box component="form" noValidate onSubmit={onSubmit}>
        <Stack spacing={2}>
          {TEXT_FIELDS.map(({ name, label, autoComplete }) => (
            <OutlinedTextField
              key={name}
              label={label}
              type={name === 'emailAddress' ? 'email' : 'text'}
              autoComplete={autoComplete}
              fullWidth
              {...register(name)}
              error={Boolean(errors[name])}
              helperText={errors[name]?.message}
              maxLength={MAX_INPUT_LENGTH}
            />
          ))}
          <PasswordField
            label="Password"
            autoComplete="new-password"
            fullWidth
            maxLength={MAX_INPUT_LENGTH}
            {...register('password')}
            error={Boolean(errors.password)}
            helperText={errors.password?.message}
          />
          <Controller
            name="isNewsLatterSubscribed"
            control={control}
            render={({ field }) => (
              <FormControlLabel
                label="Subscribe to the newsletter"
                control={
                  <Checkbox
                    checked={field.value}
                    onChange={(event) => field.onChange(event.target.checked)}
                    onBlur={field.onBlur}
                    name={field.name}
                  />
                }
              />
            )}
          />
          <Typography variant="body2" color="text.secondary">
            By creating an account you agree to our{' '}
            <Link component={RouterLink} to="/terms-and-conditions">
              Terms and Conditions
            </Link>{' '}
            and{' '}
            <Link component={RouterLink} to="/privacy-policy">
              Privacy Policy
            </Link>
            .
          </Typography>
          <Button type="submit" variant="contained" size="large" disabled={registration.isPending}>
            Create Account
          </Button>
          <Box sx={{ textAlign: 'center', typography: 'body2' }}>
            Already have an account?{' '}
            <Link component={RouterLink} to="/signin">
              Sign in
            </Link>
          </Box>
        </Stack>
      </Box>
      <ConfirmDialog
        open={pending !== null}
        title={ALPHA_NOTICE.title}
        subtitle={ALPHA_NOTICE.text}
        submitText={ALPHA_NOTICE.continueText}
        busy={registration.isPending}
        onCancel={() => setPending(null)}
        onSubmit={confirm}
      />
    </AuthLayout>
  );
}
