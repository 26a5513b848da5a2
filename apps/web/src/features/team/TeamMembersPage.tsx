import { Typography } from '@mui/material';

// spec §2: counters, member table and invitations arrive with the team work.
export function TeamMembersPage() {
  return (
    <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
      Team Members
    </Typography>
  );
}
