import { Box, CircularProgress, Stack, Typography } from '@mui/material';
import { useParams } from 'react-router';
import { toast } from 'react-toastify';
import { ApiBehaviourForm } from './ApiBehaviourForm';
import { ApiImportWarnings } from './ApiImportWarnings';
import { downloadOpenApi, failureMessage, useApiDetail, useApiList, useEndpoint } from './api';
import { DeterministicAnswersForm } from './DeterministicAnswersForm';
import { EndpointHeader } from './EndpointHeader';
import { EndpointTabs } from './EndpointTabs';
import { isViewer } from './roles';

/** spec §2 API detail screen: `projectId` is the API, `apiId` one of its endpoints. */
export function ApiDetailPage() {
  const { projectId = '', apiId = '' } = useParams();
  const endpoint = useEndpoint(projectId, apiId);
  const master = useApiList().data?.find((api) => String(api.id) === projectId);
  const api = useApiDetail(projectId).data;
  const warnings = api?.warnings ?? [];

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
      <ApiImportWarnings warnings={warnings} />
      {api && (
        // keyed by the saved seed: the form starts again from what the server holds
        <DeterministicAnswersForm
          key={String(api.answerSeed)}
          apiMasterId={projectId}
          seed={api.answerSeed}
          readOnly={isViewer()}
        />
      )}
      {api && (
        <ApiBehaviourForm apiMasterId={projectId} behaviour={api.behaviour ?? null} readOnly={isViewer()} />
      )}
      <EndpointHeader endpoint={detail} apiName={apiName} readOnly={isViewer()} onDownload={download} />
      <EndpointTabs apiMasterId={projectId} endpoint={detail} readOnly={isViewer()} />
    </Stack>
  );
}
