import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { DIALOG_TEXT } from '@sandbox/contracts';
import { type ReactNode, useId } from 'react';

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  subtitle?: ReactNode;
  cancelText?: string;
  submitText?: string;
  onCancel: () => void;
  onSubmit: () => void;
  busy?: boolean;
}

export function ConfirmDialog({
  open,
  title,
  subtitle,
  cancelText = DIALOG_TEXT.cancel,
  submitText = DIALOG_TEXT.submit,
  onCancel,
  onSubmit,
  busy = false,
}: ConfirmDialogProps) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      maxWidth="xs"
      fullWidth
      aria-labelledby={titleId}
      aria-describedby={subtitle ? textId : undefined}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {subtitle && (
        <DialogContent>
          <DialogContentText id={textId}>{subtitle}</DialogContentText>
        </DialogContent>
      )}
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          {cancelText}
        </Button>
        <Button onClick={onSubmit} variant="contained" disabled={busy}>
          {submitText}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
