import { Box, Link, Typography } from '@mui/material';
import { messages } from '@sandbox/contracts';
import { Link as RouterLink } from 'react-router';

export function NotFoundPage() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 4, textAlign: 'center' }}>
      <Box>
        <Typography variant="h2" component="p" color="primary" sx={{ fontWeight: 700 }}>
          404
        </Typography>
        <Typography variant="h5" component="h1" gutterBottom>
          {messages.notFoundPage}
        </Typography>
        <Link component={RouterLink} to="/dashboard">
          {messages.backToHomepage}
        </Link>
      </Box>
    </Box>
  );
}
