import { Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';

// spec §2: the API table, import dialog and deploy switch arrive with the APIs work.
export function DashboardPage() {
  return (
    <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
      <Link component={RouterLink} to="/dashboard" color="inherit" underline="hover">
        All APIs
      </Link>
    </Typography>
  );
}
