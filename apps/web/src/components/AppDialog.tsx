import CloseIcon from '@mui/icons-material/Close';
import { Dialog, DialogContent, type DialogProps, DialogTitle, IconButton } from '@mui/material';
import { DIALOG_TEXT } from '@sandbox/contracts';
import { type ReactNode, useId } from 'react';

export interface AppDialogProps {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  content?: ReactNode;
  children?: ReactNode;
  maxWidth?: DialogProps['maxWidth'];
  fullWidth?: boolean;
}

export function AppDialog({
  open,
  title,
  onClose,
  content,
  children,
  maxWidth = 'sm',
  fullWidth = true,
}: AppDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} maxWidth={maxWidth} fullWidth={fullWidth} aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 1 }}>
        <span style={{ flex: 1 }}>{title}</span>
        <IconButton aria-label={DIALOG_TEXT.close} onClick={onClose} size="small">
          <CloseIcon fontSize="small" />
        </IconButton>
      </DialogTitle>
      {/* React passes a form's submit up its own tree, portals included: a dialog opened from inside
          another dialog's form (New Schema from Add Response) would submit that form too. */}
      <DialogContent dividers onSubmit={(event) => event.stopPropagation()}>
        {content}
        {children}
      </DialogContent>
    </Dialog>
  );
}
