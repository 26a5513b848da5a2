import { Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import type { ApiMaster } from '@sandbox/contracts';
import { ApiTableRow } from './ApiTableRow';

const COLUMNS = ['Name', 'Version', 'Description', 'Sandbox Status', 'Last Modified', 'Endpoint'] as const;

export interface ApiTableProps {
  apis: ApiMaster[];
  readOnly: boolean;
  onDeploy: (api: ApiMaster) => void;
}

export function ApiTable({ apis, readOnly, onDeploy }: ApiTableProps) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label="APIs">
        <TableHead>
          <TableRow>
            {COLUMNS.map((column) => (
              <TableCell key={column} sx={{ fontWeight: 600 }}>
                {column}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {apis.map((api) => (
            <ApiTableRow key={api.id} api={api} readOnly={readOnly} onDeploy={onDeploy} />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
