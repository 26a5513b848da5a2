import { Button, Link, Stack, Switch, TableCell, TableRow } from '@mui/material';
import { type ApiMaster, apiMessages, DATE_FORMAT, ENDPOINT_URL_DISPLAY_LENGTH } from '@sandbox/contracts';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { toast } from 'react-toastify';
import { CopyUrlButton } from '../../components/CopyUrlButton';
import { ApiSettingsDialog } from './ApiSettingsDialog';
import { distinctiveEnd } from './endpointDisplay';
import { ReimportApiDialog } from './ReimportApiDialog';

/**
 * spec §9's date, which may break between the day and the time only: two short lines leave the row's
 * actions room on a laptop screen, where one long line pushed them out of view.
 */
const breakableBeforeTime = (date: string) => date.replace(/ (?!\d\d:)/g, '\u00a0');

export interface ApiTableRowProps {
  api: ApiMaster;
  readOnly: boolean;
  onDeploy: (api: ApiMaster) => void;
}

export function ApiTableRow({ api, readOnly, onDeploy }: ApiTableRowProps) {
  const first = api.apiConfigList[0];
  const [updating, setUpdating] = useState(false);
  const [editing, setEditing] = useState(false);
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
      <TableCell>{breakableBeforeTime(dayjs(api.updatedAt).format(DATE_FORMAT))}</TableCell>
      <TableCell>
        {api.isApiPublished && api.apiBaseUrl ? (
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
            <span title={api.apiBaseUrl} style={{ whiteSpace: 'nowrap' }}>
              {distinctiveEnd(api.apiBaseUrl, ENDPOINT_URL_DISPLAY_LENGTH)}
            </span>
            <CopyUrlButton url={api.apiBaseUrl} disabled={readOnly} />
          </Stack>
        ) : (
          '-'
        )}
      </TableCell>
      <TableCell>
        {/* every role reads what the sandbox received; the actions wrap rather than widen the table */}
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
          <Button component={RouterLink} to={`/requests/${api.id}`} size="small">
            Requests
          </Button>
          {/* spec §6: a Viewer changes nothing; the controls are not offered */}
          {!readOnly && (
            <Button size="small" onClick={() => setEditing(true)}>
              Settings
            </Button>
          )}
          {!readOnly && (
            <Button size="small" onClick={() => setUpdating(true)} sx={{ whiteSpace: 'nowrap' }}>
              Update from file
            </Button>
          )}
        </Stack>
        {updating && <ReimportApiDialog api={api} open onClose={() => setUpdating(false)} />}
        {editing && <ApiSettingsDialog api={api} onClose={() => setEditing(false)} />}
      </TableCell>
    </TableRow>
  );
}
