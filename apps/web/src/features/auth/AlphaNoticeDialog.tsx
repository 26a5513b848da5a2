import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { ALPHA_NOTICE } from './alphaNotice';

export function AlphaNoticeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby="alpha-notice-title"
      aria-describedby="alpha-notice-text"
    >
      <DialogTitle id="alpha-notice-title">{ALPHA_NOTICE.title}</DialogTitle>
      <DialogContent>
        <DialogContentText id="alpha-notice-text">{ALPHA_NOTICE.text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose} autoFocus>
          {ALPHA_NOTICE.continueText}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
