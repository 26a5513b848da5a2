import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import ListAltIcon from '@mui/icons-material/ListAlt';
import { Box, Button, IconButton, Link, Paper, Stack, Typography } from '@mui/material';
import { ENDPOINT_URL_DISPLAY_LENGTH, type EndpointDetail } from '@sandbox/contracts';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { CopyUrlButton } from '../../components/CopyUrlButton';
import { MethodBadge } from '../../components/MethodBadge';
import { DeleteEndpointDialog } from './DeleteEndpointDialog';
import { EndpointDialog } from './EndpointDialog';
import { shorten } from './sidebarDisplay';

export interface EndpointHeaderProps {
  endpoint: EndpointDetail;
  apiName: string;
  readOnly: boolean;
  onDownload: () => void;
}

export function EndpointHeader({ endpoint, apiName, readOnly, onDownload }: EndpointHeaderProps) {
  const publicUrl = endpoint.publicEndPoint;
  const apiMasterId = String(endpoint.apiMasterId);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <MethodBadge method={endpoint.methodType} size="medium" />
        <Box sx={{ flex: 1, minWidth: 200 }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
            {/* the API as a whole: its settings, import warnings and how its sandbox answers */}
            <Link
              component={RouterLink}
              to={`/request/${apiMasterId}`}
              color="inherit"
              underline="hover"
              title="API overview and settings"
            >
              {apiName}
            </Link>
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
        <Stack direction="row">
          <IconButton
            aria-label="Edit Endpoint"
            title="Edit endpoint"
            disabled={readOnly}
            onClick={() => setEditing(true)}
          >
            <EditOutlinedIcon />
          </IconButton>
          <IconButton
            aria-label="Delete Endpoint"
            title="Delete endpoint"
            disabled={readOnly}
            onClick={() => setDeleting(true)}
          >
            <DeleteOutlinedIcon />
          </IconButton>
        </Stack>
      </Stack>
      <EndpointDialog
        open={editing}
        onClose={() => setEditing(false)}
        apiMasterId={apiMasterId}
        endpoint={endpoint}
      />
      <DeleteEndpointDialog
        apiMasterId={apiMasterId}
        endpoint={deleting ? endpoint : null}
        onClose={() => setDeleting(false)}
      />
    </Paper>
  );
}
