import { Typography } from '@mui/material';
import { AppDialog } from '../components/AppDialog';
import { FeedbackForm } from '../features/feedback/FeedbackForm';

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
