import { Box, CircularProgress, Stack, Typography } from '@mui/material';
import { useParams } from 'react-router';
import { toast } from 'react-toastify';
import { downloadOpenApi, failureMessage, useApiList, useEndpoint } from './api';
import { EndpointHeader } from './EndpointHeader';
import { EndpointTabs } from './EndpointTabs';
import { isViewer } from './roles';

/**
 * spec §2 API detail screen: `projectId` is the API, `apiId` one of its endpoints. The endpoint comes
 * first; what concerns the whole API (its settings, import warnings, how its sandbox answers) is on
 * the API's overview, which the header's API name opens.
 */
export function ApiDetailPage() {
  const { projectId = '', apiId = '' } = useParams();
  const endpoint = useEndpoint(projectId, apiId);
  const master = useApiList().data?.find((api) => String(api.id) === projectId);

  if (endpoint.isPending) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
        <CircularProgress aria-label="Loading API" />
      </Box>
    );
  }
  if (endpoint.isError) {
    return (
      <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
        This endpoint could not be loaded.
      </Typography>
    );
  }

  const detail = endpoint.data;
  const apiName = master?.apiMasterName ?? detail.apiName;
  const download = () =>
    downloadOpenApi({ id: Number(projectId), apiMasterName: apiName }).catch((error) =>
      toast.error(failureMessage(error)),
    );

  return (
    <Stack spacing={2}>
      <EndpointHeader endpoint={detail} apiName={apiName} readOnly={isViewer()} onDownload={download} />
      <EndpointTabs apiMasterId={projectId} endpoint={detail} readOnly={isViewer()} />
    </Stack>
  );
}
