import { Typography } from '@mui/material';

// spec §2: the request console arrives with the lab work.
export function ApiLabPage() {
  return (
    <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
      API Lab
    </Typography>
  );
}
