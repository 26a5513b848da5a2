import { Typography } from '@mui/material';

// spec §2: the prompt form and response area arrive with the copilot work.
export function CopilotPage() {
  return (
    <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
      API Copilot
    </Typography>
  );
}
