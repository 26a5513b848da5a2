import { Box, Button, Link } from '@mui/material';
import { type AuthenticateRequest, MAX_INPUT_LENGTH } from '@sandbox/contracts';
import { type ChangeEvent, type FormEvent, lazy, Suspense, useRef, useState } from 'react';
import { Navigate, Link as RouterLink, useNavigate } from 'react-router';
import { OutlinedTextField } from '../../components/OutlinedTextField';
import { PasswordField } from '../../components/PasswordField';
import { hasSession } from '../../lib/session';
import { AlphaNoticeDialog } from './AlphaNoticeDialog';
import { AuthLayout } from './AuthLayout';
import type { SignInErrors } from './signInActions';

// The screen most visits start on downloads as little as it can (README, first load): no form library,
// no TanStack Query; the contract's checks, the call and the toasts come with the first submit.
const loadActions = () => import('./signInActions');
const UnverifiedEmailDialog = lazy(() =>
  import('./UnverifiedEmailDialog').then((m) => ({ default: m.UnverifiedEmailDialog })),
);

export function SignInPage() {
  const navigate = useNavigate();
  const [noticeOpen, setNoticeOpen] = useState(true);
  const [unverifiedOpen, setUnverifiedOpen] = useState(false);
  const [values, setValues] = useState<AuthenticateRequest>({ username: '', password: '' });
  const [errors, setErrors] = useState<SignInErrors>({});
  const [busy, setBusy] = useState(false);
  const [resending, setResending] = useState(false);
  const [unloaded, setUnloaded] = useState(false);
  // Once submitted, each change checks the fields again, so a message goes as soon as it is fixed.
  const actions = useRef<Awaited<ReturnType<typeof loadActions>>>(undefined);

  if (hasSession()) return <Navigate to="/dashboard" replace />;

  const change = (field: keyof AuthenticateRequest) => (event: ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    if (actions.current) setErrors(actions.current.checkCredentials(next).errors ?? {});
  };

  /** The submit's code, fetched once; a failed fetch says so here, as no toast can show without it. */
  const ready = async () => {
    try {
      actions.current ??= await loadActions();
      setUnloaded(false);
      return actions.current;
    } catch {
      setUnloaded(true);
      return undefined;
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const loaded = await ready();
    if (!loaded) return;
    const { credentials, errors } = loaded.checkCredentials(values);
    setErrors(errors ?? {});
    if (!credentials) return;
    setBusy(true);
    const outcome = await loaded.signIn(credentials);
    setBusy(false);
    if (outcome === 'signed-in') navigate('/dashboard', { replace: true });
    if (outcome === 'unverified') setUnverifiedOpen(true);
  };

  const resendLink = async () => {
    const loaded = await ready();
    if (!loaded) return;
    setResending(true);
    const outcome = await loaded.resendLink(values.username);
    setResending(false);
    if (outcome === 'no-address') navigate('/resend-verification');
    if (outcome === 'sent') setUnverifiedOpen(false);
  };

  return (
    <AuthLayout title="Sign in" subtitle="Welcome back. Sign in to design, deploy and test your APIs.">
      <Box component="form" noValidate onSubmit={onSubmit}>
        <Box sx={{ display: 'grid', gap: 2 }}>
          <OutlinedTextField
            label="Email or Username"
            name="username"
            autoComplete="username"
            autoFocus
            fullWidth
            maxLength={MAX_INPUT_LENGTH}
            value={values.username}
            onChange={change('username')}
            error={Boolean(errors.username)}
            helperText={errors.username}
          />
          <PasswordField
            label="Password"
            name="password"
            autoComplete="current-password"
            fullWidth
            maxLength={MAX_INPUT_LENGTH}
            value={values.password}
            onChange={change('password')}
            error={Boolean(errors.password)}
            helperText={errors.password}
          />
          <Box sx={{ textAlign: 'right' }}>
            <Link component={RouterLink} to="/forgot-password" variant="body2">
              Forgot password?
            </Link>
          </Box>
          {unloaded && (
            <Box role="alert" sx={{ color: 'error.main', typography: 'body2' }}>
              Signing in could not be loaded. Check your connection and reload the page.
            </Box>
          )}
          <Button type="submit" variant="contained" size="large" disabled={busy}>
            Sign In
          </Button>
          <Box sx={{ textAlign: 'center', typography: 'body2' }}>
            New here?{' '}
            <Link component={RouterLink} to="/signup">
              Create account
            </Link>
          </Box>
        </Box>
      </Box>
      <AlphaNoticeDialog open={noticeOpen} onClose={() => setNoticeOpen(false)} />
      {unverifiedOpen && (
        <Suspense fallback={null}>
          <UnverifiedEmailDialog
            open
            onClose={() => setUnverifiedOpen(false)}
            onResend={resendLink}
            busy={resending}
          />
        </Suspense>
      )}
    </AuthLayout>
  );
}
