import { Button, Link, Stack, Switch, TableCell, TableRow } from '@mui/material';
import { type ApiMaster, apiMessages, DATE_FORMAT, ENDPOINT_URL_DISPLAY_LENGTH } from '@sandbox/contracts';
import dayjs from 'dayjs';
import { Link as RouterLink } from 'react-router';
import { toast } from 'react-toastify';
import { CopyUrlButton } from '../../components/CopyUrlButton';
import { distinctiveEnd } from './endpointDisplay';

export interface ApiTableRowProps {
  api: ApiMaster;
  readOnly: boolean;
  onDeploy: (api: ApiMaster) => void;
}

export function ApiTableRow({ api, readOnly, onDeploy }: ApiTableRowProps) {
  const first = api.apiConfigList[0];
  const toggle = () => {
    // spec §4: deployment is one-way.
    if (api.isApiPublished) toast.warn(apiMessages.alreadyDeployed);
    else onDeploy(api);
  };
  return (
    <TableRow hover data-api-id={api.id}>
      <TableCell>
        {first ? (
          <Link component={RouterLink} to={`/request/${api.id}/${first.id}`} underline="hover">
            {api.apiMasterName}
          </Link>
        ) : (
          api.apiMasterName
        )}
      </TableCell>
      <TableCell>{api.apiVersion}</TableCell>
      <TableCell sx={{ maxWidth: 280 }}>{api.apiDescription}</TableCell>
      <TableCell>
        <Switch
          checked={api.isApiPublished}
          onChange={toggle}
          disabled={readOnly}
          slotProps={{ input: { 'aria-label': `Sandbox status of ${api.apiMasterName}` } }}
        />
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{dayjs(api.updatedAt).format(DATE_FORMAT)}</TableCell>
      <TableCell>
        {api.isApiPublished && api.apiBaseUrl ? (
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
            <span title={api.apiBaseUrl}>{distinctiveEnd(api.apiBaseUrl, ENDPOINT_URL_DISPLAY_LENGTH)}</span>
            <CopyUrlButton url={api.apiBaseUrl} disabled={readOnly} />
          </Stack>
        ) : (
          '-'
        )}
      </TableCell>
      <TableCell>
        {/* every role reads what the sandbox received */}
        <Button component={RouterLink} to={`/requests/${api.id}`} size="small">
          Requests
        </Button>
      </TableCell>
    </TableRow>
  );
}
