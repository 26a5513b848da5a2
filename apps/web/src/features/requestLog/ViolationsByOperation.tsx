import { Paper, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { LoggedRequest } from '@sandbox/contracts';
import dayjs from 'dayjs';
import { countViolations } from './violationCounts';

/**
 * issue 28: over the forwarded calls the screen shows, how often each operation's request and
 * response broke the document. Nothing is shown while no call was forwarded (a mocked API).
 */
export function ViolationsByOperation({ calls }: { calls: LoggedRequest[] }) {
  const { operations, from, to } = countViolations(calls);
  if (operations.length === 0 || from === null || to === null) return null;
  const span = `${dayjs(from).format('YYYY-MM-DD HH:mm:ss')} – ${dayjs(to).format('HH:mm:ss')}`;
  return (
    <Paper variant="outlined" component="section" aria-label="Violations per operation" sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        Violations per operation
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Calls forwarded to the Upstream URL and shown below, {span}
      </Typography>
      <Table size="small" aria-label="Violations per operation">
        <TableHead>
          <TableRow>
            <TableCell>Operation</TableCell>
            <TableCell align="right">Calls</TableCell>
            <TableCell align="right">Request violations</TableCell>
            <TableCell align="right">Response violations</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {operations.map((o) => (
            <TableRow key={o.operation}>
              <TableCell sx={{ fontFamily: 'monospace' }}>{o.operation}</TableCell>
              <TableCell align="right">{o.exchanges}</TableCell>
              <TableCell align="right">{o.request}</TableCell>
              <TableCell align="right">{o.response}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
