import { Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';

export function HeadersTable({ label, headers }: { label: string; headers: Record<string, string> }) {
  const entries = Object.entries(headers);
  if (entries.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        No headers.
      </Typography>
    );
  return (
    <Table size="small" aria-label={label}>
      <TableBody>
        {entries.map(([name, value]) => (
          <TableRow key={name}>
            <TableCell sx={{ fontFamily: 'monospace', width: 240, verticalAlign: 'top' }}>{name}</TableCell>
            <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{value}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
