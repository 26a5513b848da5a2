import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Stack, TextField, Typography } from '@mui/material';
import {
  DEACTIVATION_REDIRECT_MS,
  MAX_INPUT_LENGTH,
  messages,
  type DeleteAccountForm as Values,
  ZDeleteAccountForm,
} from '@sandbox/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { clearSession } from '../../lib/session';
import { getSessionUser } from '../../lib/sessionUser';
import { useDeactivateAccount } from './passwordApi';

// What deleting does, said before it happens: a team owner's team ends with them, a member's goes on.
const CONFIRM_TEXT = {
  member:
    'Your account will be deactivated and you will be signed out. Your email address and username become ' +
    'free to sign up again. Your team and its APIs stay as they are.',
  owner:
    'Your account will be deactivated and you will be signed out. You own a team: every member of your team ' +
    'is deactivated too, and the team’s deployed APIs stop answering at their sandbox addresses. Your email ' +
    'address and username, and those of your members, become free to sign up again.',
} as const;

// spec §2 Settings → Delete Account, spec §4 Account deletion.
export function DeleteAccountForm() {
  const navigate = useNavigate();
  const deactivate = useDeactivateAccount();
  const [confirming, setConfirming] = useState(false);
  const user = getSessionUser();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Values>({ resolver: zodResolver(ZDeleteAccountForm), defaultValues: { email: '' } });

  // spec §5: only one's own address opens the confirmation.
  const onSubmit = handleSubmit(({ email }) => {
    if (!user || email.toLowerCase() !== user.emailAddress.toLowerCase()) {
      toast.error(messages.wrongDeleteEmail);
      return;
    }
    setConfirming(true);
  });

  const confirm = () => {
    if (!user) return;
    deactivate.mutate(user.id, {
      onSuccess: () => {
        setConfirming(false);
        toast.success(messages.deactivated);
        clearSession();
        setTimeout(() => navigate('/signin', { replace: true }), DEACTIVATION_REDIRECT_MS);
      },
      onError: () => {
        setConfirming(false);
        toast.error(messages.somethingWrong);
      },
    });
  };

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Delete Account">
      <Stack spacing={2}>
        <Typography variant="body2" color="text.secondary">
          Type the email address of your account to delete (deactivate) it.
        </Typography>
        <TextField
          label="Email"
          type="email"
          autoComplete="off"
          fullWidth
          {...register('email')}
          error={Boolean(errors.email)}
          helperText={errors.email?.message}
          slotProps={{ htmlInput: { maxLength: MAX_INPUT_LENGTH } }}
        />
        <Button type="submit" variant="contained" color="error" disabled={deactivate.isPending}>
          Delete Account
        </Button>
      </Stack>
      <ConfirmDialog
        open={confirming}
        title="Delete account"
        subtitle={user?.parentUserId === null ? CONFIRM_TEXT.owner : CONFIRM_TEXT.member}
        submitText="Delete Account"
        busy={deactivate.isPending}
        onCancel={() => setConfirming(false)}
        onSubmit={confirm}
      />
    </Box>
  );
}
