import type { ApiMaster } from '@sandbox/contracts';
import { DataTable } from '../../components/DataTable';
import { ApiTableRow } from './ApiTableRow';

const COLUMNS = ['Name', 'Version', 'Description', 'Sandbox Status', 'Last Modified', 'Endpoint'] as const;

export interface ApiTableProps {
  apis: ApiMaster[];
  readOnly: boolean;
  onDeploy: (api: ApiMaster) => void;
}

export function ApiTable({ apis, readOnly, onDeploy }: ApiTableProps) {
  return (
    <DataTable
      label="APIs"
      columns={COLUMNS}
      actionsColumn
      rows={apis}
      renderRow={(api) => <ApiTableRow key={api.id} api={api} readOnly={readOnly} onDeploy={onDeploy} />}
    />
  );
}
