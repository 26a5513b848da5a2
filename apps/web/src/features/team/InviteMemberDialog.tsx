import { zodResolver } from '@hookform/resolvers/zod';
import { Button, MenuItem, Stack, TextField } from '@mui/material';
import {
  type InviteForm,
  MAX_INPUT_LENGTH,
  ROLE_DEVELOPER,
  ROLE_NAMES,
  ZInviteForm,
} from '@sandbox/contracts';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { AppDialog } from '../../components/AppDialog';
import { getSessionUser } from '../../lib/sessionUser';
import { inviteFailureMessage, inviteSuccessMessage, useInviteMember } from './api';

const EMPTY: InviteForm = { username: '', email: '', role: ROLE_DEVELOPER };
const ROLE_CHOICES = [1, 2, 3] as const;

export interface InviteMemberDialogProps {
  open: boolean;
  /** Shown as the company field's fixed placeholder: the member joins this team. */
  teamName: string;
  onClose: () => void;
}

// spec §2 Invite Team Member; spec §5: no rules beyond the e-mail input type.
export function InviteMemberDialog({ open, teamName, onClose }: InviteMemberDialogProps) {
  const invite = useInviteMember();
  const { control, register, handleSubmit, reset } = useForm<InviteForm>({
    resolver: zodResolver(ZInviteForm),
    defaultValues: EMPTY,
  });

  const close = () => {
    onClose();
    reset(EMPTY);
  };

  const onSubmit = handleSubmit((values) =>
    invite.mutate(
      { ...values, userId: getSessionUser()?.id ?? 0, firstName: '', lastName: '' },
      {
        // spec §4: the dialog closes only when there is a result.
        onSuccess: (response) => {
          const { ok, text } = inviteSuccessMessage(response);
          if (ok) toast.success(text);
          else toast.error(text);
          close();
        },
        onError: (error) => toast.error(inviteFailureMessage(error)),
      },
    ),
  );

  return (
    <AppDialog open={open} onClose={close} title="Invite Team Member">
      <Stack component="form" noValidate spacing={2} onSubmit={onSubmit} sx={{ pt: 1 }}>
        <TextField
          label="Username"
          autoFocus
          {...register('username')}
          slotProps={{ htmlInput: { maxLength: MAX_INPUT_LENGTH } }}
        />
        <TextField
          label="Email"
          type="email"
          {...register('email')}
          slotProps={{ htmlInput: { maxLength: MAX_INPUT_LENGTH } }}
        />
        <Controller
          name="role"
          control={control}
          render={({ field }) => (
            <TextField
              select
              label="Role"
              value={String(field.value)}
              onChange={(event) => field.onChange(Number(event.target.value))}
            >
              {ROLE_CHOICES.map((role) => (
                <MenuItem key={role} value={String(role)}>
                  {ROLE_NAMES[role]}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <TextField
          label="Company"
          placeholder={teamName}
          disabled
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={invite.isPending}>
            {invite.isPending ? 'Sending...' : 'Send Invite'}
          </Button>
        </Stack>
      </Stack>
    </AppDialog>
  );
}
