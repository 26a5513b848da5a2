import { Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import type { ReactNode } from 'react';

export interface DataTableProps<T> {
  label: string;
  columns: readonly string[];
  /** Adds a last column without a title, for each row's actions. */
  actionsColumn?: boolean;
  rows: T[];
  renderRow: (row: T) => ReactNode;
  /** Shown across the table when there are no rows. */
  emptyText?: string;
}

/** The outlined table of the dashboard, the Token Manager and the team: bold titles, rows below. */
export function DataTable<T>({
  label,
  columns,
  actionsColumn,
  rows,
  renderRow,
  emptyText,
}: DataTableProps<T>) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label={label}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column} sx={{ fontWeight: 600 }}>
                {column}
              </TableCell>
            ))}
            {actionsColumn && <TableCell aria-label="Actions" />}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 && emptyText !== undefined ? (
            <TableRow>
              <TableCell
                colSpan={columns.length + (actionsColumn ? 1 : 0)}
                sx={{ textAlign: 'center', py: 4, color: 'text.secondary' }}
              >
                {emptyText}
              </TableCell>
            </TableRow>
          ) : (
            rows.map(renderRow)
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
