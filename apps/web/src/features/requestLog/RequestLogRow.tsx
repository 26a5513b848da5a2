import { Box, Chip, Link, TableCell, TableRow } from '@mui/material';
import type { LoggedRequest } from '@sandbox/contracts';
import dayjs from 'dayjs';
import { MethodBadge } from '../../components/MethodBadge';
import { formatDuration, sourceLabel, statusColour, statusLabel, violationCount } from './callDisplay';

export interface RequestLogRowProps {
  call: LoggedRequest;
  onOpen: (call: LoggedRequest) => void;
}

/** One call: a click anywhere on it (or on its path, from the keyboard) opens its detail. */
export function RequestLogRow({ call, onOpen }: RequestLogRowProps) {
  const target = `${call.path}${call.query ? `?${call.query}` : ''}`;
  return (
    <TableRow hover data-call-id={call.id} onClick={() => onOpen(call)} sx={{ cursor: 'pointer' }}>
      <TableCell sx={{ whiteSpace: 'nowrap' }} title={dayjs(call.at).format('YYYY-MM-DD HH:mm:ss.SSS')}>
        {dayjs(call.at).format('HH:mm:ss')}
      </TableCell>
      <TableCell>
        <MethodBadge method={call.method} />
      </TableCell>
      <TableCell sx={{ maxWidth: 420 }}>
        <Link
          component="button"
          underline="hover"
          onClick={(event) => {
            event.stopPropagation();
            onOpen(call);
          }}
          title={target}
          sx={{
            fontFamily: 'monospace',
            textAlign: 'left',
            display: 'block',
            maxWidth: '100%',
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
          }}
        >
          {target}
        </Link>
      </TableCell>
      <TableCell>
        <Chip size="small" color={statusColour(call.status)} label={statusLabel(call.status)} />
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDuration(call.durationMs)}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        {sourceLabel(call.source)}
        {(call.violations?.length ?? 0) > 0 && (
          <Chip
            size="small"
            color="warning"
            variant="outlined"
            sx={{ ml: 1 }}
            label={violationCount(call.violations?.length ?? 0)}
          />
        )}
        {call.simulated && call.simulated.delayMs > 0 && (
          <Box component="span" sx={{ color: 'text.secondary' }}>
            {' '}
            · delayed
          </Box>
        )}
      </TableCell>
    </TableRow>
  );
}
