import { Typography } from '@mui/material';
import { AppDialog } from './AppDialog';

// spec §2: the feedback form arrives with the feedback work.
export function HelpDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <AppDialog open={open} onClose={onClose} title="Help">
      <Typography variant="h6" component="h2">
        Submit Feedback
      </Typography>
    </AppDialog>
  );
}
