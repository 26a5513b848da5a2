import { Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { AuthLayout } from './AuthLayout';

// spec §2: the two-step reset (e-mail, then OTP and new password) arrives with the password work.
export function ForgotPasswordPage() {
  return (
    <AuthLayout title="Forgot Password">
      <Typography color="text.secondary" gutterBottom>
        Password reset is coming soon.
      </Typography>
      <Link component={RouterLink} to="/signin">
        Back to sign in
      </Link>
    </AuthLayout>
  );
}
