import { Typography } from '@mui/material';
import { AuthLayout } from './AuthLayout';

// spec §2: invited members choose their password here; the form arrives with the team work.
export function SetPasswordPage() {
  return (
    <AuthLayout title="Set Your Password">
      <Typography color="text.secondary">Choose a password to finish joining your team.</Typography>
    </AuthLayout>
  );
}
