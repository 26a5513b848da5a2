import { Button, DialogContentText, Stack } from '@mui/material';
import { messages } from '@sandbox/contracts';
import { AppDialog } from '../../components/AppDialog';

interface UnverifiedEmailDialogProps {
  open: boolean;
  onClose: () => void;
  onResend: () => void;
  busy: boolean;
}

// spec §2: a sign-in refused for an unverified address offers a new verification link.
export function UnverifiedEmailDialog({ open, onClose, onResend, busy }: UnverifiedEmailDialogProps) {
  return (
    <AppDialog open={open} onClose={onClose} title="Email not verified" maxWidth="xs">
      <Stack spacing={2}>
        <DialogContentText>
          {messages.loginUnverified} Follow the link we sent you, or ask for a new one.
        </DialogContentText>
        <Button variant="contained" onClick={onResend} disabled={busy}>
          {messages.resendVerificationEmail}
        </Button>
      </Stack>
    </AppDialog>
  );
}
