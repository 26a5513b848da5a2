import {
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { requestLogMessages, useViolationTrend, VIOLATION_SPANS } from './api';
import { ViolationTrend } from './ViolationTrend';

/** New forwarded calls on the live feed refresh the counts at most this often. */
export const VIOLATIONS_REFRESH_MS = 3000;

export interface ViolationsByOperationProps {
  apiMasterId: string;
  /** The screen shows a forwarded call: the table shows even when the span counted holds none. */
  forwarding: boolean;
  /** How many forwarded calls the live feed has brought: each change refreshes the counts, throttled. */
  liveForwarded: number;
}

/**
 * issue 28: how often each operation's request and response broke the document over the last 24
 * hours or 7 days of the log, counted by the server whatever the screen has loaded, with a bar per
 * hour or day. Nothing is shown while nothing forwarded is shown or counted (a mocked API).
 */
export function ViolationsByOperation({
  apiMasterId,
  forwarding,
  liveForwarded,
}: ViolationsByOperationProps) {
  const [span, setSpan] = useState<(typeof VIOLATION_SPANS)[number]>(VIOLATION_SPANS[0]);
  const trend = useViolationTrend(apiMasterId, span);
  const { dataUpdatedAt, refetch } = trend;
  // the live feed's count the latest refresh was asked for
  const refreshedFor = useRef(0);
  useEffect(() => {
    if (liveForwarded <= refreshedFor.current) return;
    const wait = Math.max(0, dataUpdatedAt + VIOLATIONS_REFRESH_MS - Date.now());
    const timer = setTimeout(() => {
      refreshedFor.current = liveForwarded;
      void refetch();
    }, wait);
    return () => clearTimeout(timer);
  }, [liveForwarded, dataUpdatedAt, refetch]);

  const counts = trend.data;
  const operations = counts?.operations ?? [];
  if (!forwarding && operations.length === 0 && span === VIOLATION_SPANS[0]) return null;
  const most = Math.max(0, ...operations.flatMap((o) => o.buckets.map((b) => b.request + b.response)));
  return (
    <Paper variant="outlined" component="section" aria-label="Violations per operation" sx={{ p: 2 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, flex: 1 }}>
          Violations per operation
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={span.value}
          aria-label="Counted over"
          onChange={(_event, value: string | null) => {
            const chosen = VIOLATION_SPANS.find((s) => s.value === value);
            if (chosen) setSpan(chosen);
          }}
        >
          {VIOLATION_SPANS.map((s) => (
            <ToggleButton key={s.value} value={s.value}>
              {s.label}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Calls forwarded to the Upstream URL in the last {span.label}, per {span.bucket}
      </Typography>
      {trend.isError ? (
        <Typography color="text.secondary">{requestLogMessages.violationsFailed}</Typography>
      ) : counts && operations.length === 0 ? (
        <Typography color="text.secondary">No call was forwarded in the last {span.label}.</Typography>
      ) : (
        <Table size="small" aria-label="Violations per operation">
          <TableHead>
            <TableRow>
              <TableCell>Operation</TableCell>
              <TableCell align="right">Calls</TableCell>
              <TableCell align="right">Request violations</TableCell>
              <TableCell align="right">Response violations</TableCell>
              <TableCell>Per {span.bucket}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {counts &&
              operations.map((o) => (
                <TableRow key={o.operation}>
                  <TableCell sx={{ fontFamily: 'monospace' }}>{o.operation}</TableCell>
                  <TableCell align="right">{o.calls}</TableCell>
                  <TableCell align="right">{o.request}</TableCell>
                  <TableCell align="right">{o.response}</TableCell>
                  <TableCell sx={{ py: 0.5 }}>
                    <ViolationTrend
                      buckets={o.buckets}
                      from={counts.from}
                      to={counts.to}
                      bucket={counts.bucket}
                      most={most}
                    />
                  </TableCell>
                </TableRow>
              ))}
          </TableBody>
        </Table>
      )}
    </Paper>
  );
}
