import { Alert, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';

/** A call's headers, one a row; a note when the log cut long ones or kept only the first. */
export function HeadersTable({
  label,
  headers,
  truncated = false,
}: {
  label: string;
  headers: Record<string, string>;
  truncated?: boolean;
}) {
  const entries = Object.entries(headers);
  if (entries.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        No headers.
      </Typography>
    );
  return (
    <>
      {truncated && (
        <Alert severity="info">Long headers were cut, or only the first ones kept, to fit the log.</Alert>
      )}
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
    </>
  );
}
