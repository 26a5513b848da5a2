import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import { Box, Button, CircularProgress, Link, Stack, Typography } from '@mui/material';
import { EMAIL_VERIFIED_COUNTDOWN_S, messages } from '@sandbox/contracts';
import { useEffect, useRef } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { AuthLayout } from './AuthLayout';
import { useVerifyEmail } from './api';
import { keepSetPasswordToken } from './setPasswordToken';
import { useCountdown } from './useCountdown';

// spec §2: /verification/{token} is the owner's link; team members' links carry the two extra segments.
export function EmailVerifiedPage() {
  const { token = '', isTeamMember = 'false', userId = '0' } = useParams();
  const navigate = useNavigate();
  const verify = useVerifyEmail();
  const started = useRef(false);

  useEffect(() => {
    // A verification token is single-use: StrictMode's second effect run must not send it again.
    if (started.current) return;
    started.current = true;
    verify.mutate(
      { token, isTeamMember, userId },
      {
        // An invited member's verification hands out the secret the Set Your Password page sends.
        onSuccess: ({ setPasswordToken }) => {
          if (setPasswordToken) keepSetPasswordToken(userId, setPasswordToken);
        },
        onError: () => toast.error(messages.verificationFailed),
      },
    );
  }, [verify, token, isTeamMember, userId]);

  const toSetPassword = isTeamMember === 'true';
  const next = toSetPassword ? `/set-password/${encodeURIComponent(userId)}` : '/signin';
  const continueNow = () => navigate(next, { replace: true });
  const alreadyVerified = verify.data?.alreadyVerified === true;
  // spec §4: the countdown follows a verification; a link that verified nothing waits for the user.
  const seconds = useCountdown(EMAIL_VERIFIED_COUNTDOWN_S, verify.isSuccess && !alreadyVerified, continueNow);
  const signInNow = (
    <Button variant="contained" onClick={() => navigate('/signin', { replace: true })}>
      Sign in
    </Button>
  );

  if (verify.isError) {
    return (
      <AuthLayout title={messages.verificationFailed}>
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <ErrorIcon color="error" fontSize="large" />
          <Typography>
            This verification link is invalid or has expired. If your email address is verified already, sign
            in; otherwise ask for a new link.
          </Typography>
          {signInNow}
          <Link component={RouterLink} to="/resend-verification">
            Send me a new link
          </Link>
        </Stack>
      </AuthLayout>
    );
  }

  if (!verify.isSuccess) {
    return (
      <AuthLayout title="Verifying your email">
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <CircularProgress size={24} />
          <Typography>Please wait…</Typography>
        </Box>
      </AuthLayout>
    );
  }

  if (alreadyVerified) {
    return (
      <AuthLayout title="Email already verified">
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <CheckCircleIcon color="success" fontSize="large" />
          <Typography>Your email address is verified already: this link is not needed any more.</Typography>
          {signInNow}
        </Stack>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Email verified">
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <CheckCircleIcon color="success" fontSize="large" />
        <Typography>Your email address is confirmed.</Typography>
        <Button variant="contained" onClick={continueNow}>
          {toSetPassword ? 'Set your password now' : 'Sign in now'}
        </Button>
        <Typography role="timer" aria-live="polite" color="text.secondary">
          Or wait: redirecting in <strong data-testid="countdown">{seconds}</strong> seconds
        </Typography>
      </Stack>
    </AuthLayout>
  );
}
