import { Box, Typography } from '@mui/material';

export const PRODUCT_NAME = 'API Sandbox';

export function Logo() {
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="7" fill="#4f46e5" />
        <path
          d="M11 10 6 16l5 6M21 10l5 6-5 6M18 8l-4 16"
          fill="none"
          stroke="#fff"
          strokeWidth="2.5"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <Typography component="span" variant="h6" sx={{ fontWeight: 700, letterSpacing: '-0.02em' }}>
        {PRODUCT_NAME}
      </Typography>
    </Box>
  );
}
