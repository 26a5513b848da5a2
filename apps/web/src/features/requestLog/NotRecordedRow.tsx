import { TableCell, TableRow } from '@mui/material';
import type { RequestLogGap } from '@sandbox/contracts';

export interface NotRecordedRowProps {
  gap: RequestLogGap;
  columns: number;
}

/** Where the log left calls out: they were answered, but came faster than the API's log keeps. */
export function NotRecordedRow({ gap, columns }: NotRecordedRowProps) {
  return (
    <TableRow data-gap-id={gap.id}>
      <TableCell
        colSpan={columns}
        title="Calls came faster than this API's log keeps (about 500 a second): they were answered, not recorded."
        sx={{ textAlign: 'center', color: 'text.secondary', fontStyle: 'italic', py: 1 }}
      >
        {gap.calls === 1 ? '1 call not recorded' : `${gap.calls} calls not recorded`}
      </TableCell>
    </TableRow>
  );
}
