import DownloadIcon from '@mui/icons-material/Download';
import ListAltIcon from '@mui/icons-material/ListAlt';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { ENDPOINT_URL_DISPLAY_LENGTH, type EndpointDetail } from '@sandbox/contracts';
import { Link as RouterLink } from 'react-router';
import { CopyUrlButton } from '../../components/CopyUrlButton';
import { MethodBadge } from '../../components/MethodBadge';
import { shorten } from './sidebarDisplay';

export interface EndpointHeaderProps {
  endpoint: EndpointDetail;
  apiName: string;
  readOnly: boolean;
  onDownload: () => void;
}

export function EndpointHeader({ endpoint, apiName, readOnly, onDownload }: EndpointHeaderProps) {
  const publicUrl = endpoint.publicEndPoint;
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <MethodBadge method={endpoint.methodType} size="medium" />
        <Box sx={{ flex: 1, minWidth: 200 }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
            {apiName}
          </Typography>
          <Typography sx={{ fontFamily: 'monospace' }} data-testid="endpoint-path">
            {endpoint.apiEndPoint}
          </Typography>
          {endpoint.summary && (
            <Typography variant="body2" color="text.secondary">
              {endpoint.summary}
            </Typography>
          )}
        </Box>
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
          <Typography variant="body2" color="text.secondary">
            Public endpoint:
          </Typography>
          {publicUrl ? (
            <>
              <Typography variant="body2" sx={{ fontFamily: 'monospace' }} title={publicUrl}>
                {shorten(publicUrl, ENDPOINT_URL_DISPLAY_LENGTH)}
              </Typography>
              <CopyUrlButton url={publicUrl} disabled={readOnly} />
            </>
          ) : (
            <Typography variant="body2">-</Typography>
          )}
        </Stack>
        <Button
          variant="outlined"
          startIcon={<ListAltIcon />}
          component={RouterLink}
          to={`/requests/${endpoint.apiMasterId}`}
        >
          Requests
        </Button>
        <Button variant="outlined" startIcon={<DownloadIcon />} onClick={onDownload}>
          Download OpenAPI
        </Button>
      </Stack>
    </Paper>
  );
}
