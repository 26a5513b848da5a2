import { Paper, Typography } from '@mui/material';

export function CountCard({ label, count }: { label: string; count: number }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 180 }} role="group" aria-label={label}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h4" component="p" sx={{ fontWeight: 600 }}>
        {count}
      </Typography>
    </Paper>
  );
}
