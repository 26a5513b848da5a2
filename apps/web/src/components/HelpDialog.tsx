import { Typography } from '@mui/material';
import { FeedbackForm } from '../features/feedback/FeedbackForm';
import { AppDialog } from './AppDialog';

// spec §2 Help: the Submit Feedback form.
export function HelpDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <AppDialog open={open} onClose={onClose} title="Help">
      <Typography variant="h6" component="h2" gutterBottom>
        Submit Feedback
      </Typography>
      <FeedbackForm onSubmitted={onClose} />
    </AppDialog>
  );
}
