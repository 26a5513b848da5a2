import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Link, Stack } from '@mui/material';
import {
  MAX_INPUT_LENGTH,
  messages,
  RESEND_LINK_NOTICE_MS,
  ZResendVerificationRequest,
} from '@sandbox/contracts';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { toast } from 'react-toastify';
import { OutlinedTextField } from '../../components/OutlinedTextField';
import { AuthLayout } from './AuthLayout';
import { resendFailureMessage, useResendVerification } from './api';
import { useDelayedNavigate } from './useDelayedNavigate';

// Contracts export the schema of this form but not its type.
interface ResendForm {
  email: string;
}

export function ResendVerificationPage() {
  const resend = useResendVerification();
  const navigateLater = useDelayedNavigate();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ResendForm>({
    resolver: zodResolver(ZResendVerificationRequest),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(({ email }) =>
    resend.mutate(email, {
      onSuccess: () => {
        toast.success(messages.resendSuccess, { autoClose: RESEND_LINK_NOTICE_MS });
        navigateLater('/signin', RESEND_LINK_NOTICE_MS);
      },
      onError: (error) => toast.error(resendFailureMessage(error)),
    }),
  );

  return (
    <AuthLayout
      title="Resend verification link"
      subtitle="Enter the email address you signed up with and we will send you a new link."
    >
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
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={resend.isPending || resend.isSuccess}
          >
            Send
          </Button>
          <Box sx={{ textAlign: 'center', typography: 'body2' }}>
            <Link component={RouterLink} to="/signin">
              Back to sign in
            </Link>
          </Box>
        </Stack>
      </Box>
    </AuthLayout>
  );
}
