import { Typography } from '@mui/material';

// spec §2: counts and the token table arrive with the tokens work.
export function TokenManagerPage() {
  return (
    <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
      Token Manager
    </Typography>
  );
}
