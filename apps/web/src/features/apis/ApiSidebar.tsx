import { Box, CircularProgress, List, Stack, Typography } from '@mui/material';
import { type ApiMaster, apiMessages } from '@sandbox/contracts';
import { useState } from 'react';
import { useMatch } from 'react-router';
import { toast } from 'react-toastify';
import { ApiSidebarItem } from './ApiSidebarItem';
import { downloadOpenApi, failureMessage, useApiList } from './api';
import { CreateApiMenu } from './CreateApiMenu';
import { DeleteApiDialog } from './DeleteApiDialog';
import { DeployApiDialog } from './DeployApiDialog';
import { isViewer } from './roles';

/** spec §2: the dashboard layout's list of APIs, each expandable to its endpoints by tag. */
export function ApiSidebar() {
  const list = useApiList();
  const viewer = isViewer();
  const current = useMatch('/request/:projectId/:apiId')?.params;
  // on an API's overview the API shows expanded too, with no endpoint chosen
  const overview = useMatch('/request/:projectId')?.params.projectId;
  const [deleting, setDeleting] = useState<ApiMaster | null>(null);
  const [deploying, setDeploying] = useState<ApiMaster | null>(null);

  const download = (api: ApiMaster) =>
    downloadOpenApi(api).catch((error) => toast.error(failureMessage(error)));

  return (
    <Box
      component="nav"
      aria-label="APIs"
      sx={{
        width: 290,
        flexShrink: 0,
        borderRight: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
        overflowY: 'auto',
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', px: 2, pt: 1.5 }}>
        <Typography variant="overline" component="h2" sx={{ fontWeight: 700 }}>
          APIs
        </Typography>
        {!viewer && <CreateApiMenu variant="icon" />}
      </Stack>
      {list.isPending ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
          <CircularProgress size={24} aria-label="Loading APIs" />
        </Box>
      ) : (list.data ?? []).length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1 }}>
          {apiMessages.noApiFound}
        </Typography>
      ) : (
        <List dense disablePadding>
          {(list.data ?? []).map((api) => (
            <ApiSidebarItem
              key={api.id}
              api={api}
              readOnly={viewer}
              activeEndpointId={
                current?.projectId === String(api.id)
                  ? current.apiId
                  : overview === String(api.id)
                    ? ''
                    : undefined
              }
              onDelete={setDeleting}
              onDeploy={setDeploying}
              onDownload={download}
            />
          ))}
        </List>
      )}
      <DeleteApiDialog api={deleting} onClose={() => setDeleting(null)} />
      <DeployApiDialog api={deploying} onClose={() => setDeploying(null)} />
    </Box>
  );
}
