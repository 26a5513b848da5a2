import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Stack } from '@mui/material';
import {
  MAX_INPUT_LENGTH,
  messages,
  type ChangePasswordForm as Values,
  ZChangePasswordForm,
} from '@sandbox/contracts';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { PasswordField } from '../../components/PasswordField';
import { isHttpError } from '../../lib/http';
import { getSessionUser } from '../../lib/sessionUser';
import { useChangePassword } from './passwordApi';

const FIELDS = [
  { name: 'currentPassword', label: 'Current Password', autoComplete: 'current-password' },
  { name: 'newPassword', label: 'New Password', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'Confirm Password', autoComplete: 'new-password' },
] as const;

// spec §2 Settings → Change Password; spec §8 messages.
export function ChangePasswordForm() {
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<Values>({
    resolver: zodResolver(ZChangePasswordForm),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(({ currentPassword, newPassword }) =>
    change.mutate(
      { username: getSessionUser()?.username ?? '', oldPassword: currentPassword, newPassword },
      {
        onSuccess: () => {
          toast.success(messages.passwordChanged);
          reset();
        },
        onError: (error) => {
          toast.error(messages.changePasswordFailed);
          // The server's 400 says which field is wrong (the current password); §8's toast alone does not.
          if (isHttpError(error, 400)) setError('currentPassword', { message: error.message });
        },
      },
    ),
  );

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Change Password">
      <Stack spacing={2}>
        {FIELDS.map(({ name, label, autoComplete }) => (
          <PasswordField
            toggle="text"
            key={name}
            label={label}
            autoComplete={autoComplete}
            fullWidth
            maxLength={MAX_INPUT_LENGTH}
            {...register(name)}
            error={Boolean(errors[name])}
            helperText={errors[name]?.message}
          />
        ))}
        <Button type="submit" variant="contained" disabled={change.isPending}>
          Change Password
        </Button>
      </Stack>
    </Box>
  );
}
