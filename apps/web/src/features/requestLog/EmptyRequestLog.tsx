import { Box, Paper, Stack, Typography } from '@mui/material';
import type { ApiMaster } from '@sandbox/contracts';
import { CopyUrlButton } from '../../components/CopyUrlButton';
import { curlCommand } from './replayCall';

/** No call yet: how to make one appear. */
export function EmptyRequestLog({ api, readOnly }: { api: ApiMaster | undefined; readOnly: boolean }) {
  const baseUrl = api?.isApiPublished ? api.apiBaseUrl : null;
  // A call that needs nothing filled in: a GET without path parameters.
  const example = api?.apiConfigList.find((e) => e.methodType === 'GET' && !e.apiEndPoint.includes('{'));
  return (
    <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
      <Stack spacing={1.5} sx={{ alignItems: 'center' }}>
        <Typography variant="h6" component="h2">
          No requests yet
        </Typography>
        {baseUrl ? (
          <>
            <Typography color="text.secondary">
              Send a request to this API's sandbox URL, from your app, curl or the API Lab: it shows here the
              moment it is answered.
            </Typography>
            <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
              <Typography sx={{ fontFamily: 'monospace' }} data-testid="sandbox-url">
                {baseUrl}
              </Typography>
              <CopyUrlButton url={baseUrl} disabled={readOnly} label="Copy sandbox URL" />
            </Stack>
            {example && (
              <Box
                component="pre"
                sx={{
                  m: 0,
                  p: 1.5,
                  bgcolor: 'grey.100',
                  borderRadius: 1,
                  fontSize: 13,
                  whiteSpace: 'pre-wrap',
                }}
              >
                {curlCommand(
                  {
                    method: 'GET',
                    path: example.apiEndPoint,
                    query: '',
                    requestHeaders: {},
                    requestBody: null,
                  },
                  baseUrl,
                )}
              </Box>
            )}
          </>
        ) : (
          <Typography color="text.secondary">
            This API is not deployed yet. Deploy it from the dashboard to get its sandbox URL; every request
            sent there shows here.
          </Typography>
        )}
      </Stack>
    </Paper>
  );
}
