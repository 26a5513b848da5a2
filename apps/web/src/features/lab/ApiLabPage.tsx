import { Alert, Box, Button, MenuItem, Paper, Stack, Tab, Tabs, TextField, Typography } from '@mui/material';
import { labMessages, labSendsBody, ROLE_VIEWER, TOOL_TOAST_AUTO_CLOSE_MS } from '@sandbox/contracts';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { type ToastOptions, toast } from 'react-toastify';
import { CodeEditor } from '../../components/codeEditor/CodeEditor';
import { HEADER_HEIGHT } from '../../components/Header';
import { MethodBadge } from '../../components/MethodBadge';
import { isHttpError } from '../../lib/http';
import { getSessionRoleId } from '../../lib/session';
import { useGenerateToken, useLabApis, useLabEndpoint, useLabTokens, useSendRequest } from './api';
import { CredentialsNote } from './CredentialsNote';
import { KeyValueRows } from './KeyValueRows';
import { LabResponsePanel } from './LabResponsePanel';
import { formatIfJson, sendPayload, toCurl } from './labRequest';
import { labSeedFrom } from './labSeed';
import { useLabState } from './useLabState';

// spec §9: this screen's toasts sit bottom-right for 4 s.
const TOAST: ToastOptions = { position: 'bottom-right', autoClose: TOOL_TOAST_AUTO_CLOSE_MS };

/** spec §2 API Lab: pick an API and one of its endpoints, shape the request, send it, read the answer. */
export function ApiLabPage() {
  const viewer = getSessionRoleId() === String(ROLE_VIEWER);
  const apis = useLabApis();
  const tokens = useLabTokens();
  const lab = useLabState();
  const detail = useLabEndpoint(lab.api?.id ?? null, lab.endpointId);
  const send = useSendRequest();
  const generateToken = useGenerateToken();
  const [tab, setTab] = useState(0);

  // Filled once per chosen endpoint: a later refetch must not wipe what the user typed.
  const applied = useRef<number | null>(null);
  useEffect(() => {
    if (detail.data && detail.data.id === lab.endpointId && applied.current !== lab.endpointId) {
      applied.current = lab.endpointId;
      lab.applyEndpoint(detail.data);
    }
  }, [detail.data, lab.endpointId, lab.applyEndpoint]);

  // Each send's outcome is brought into view: under a long body it would land below the fold.
  const responseArea = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (lab.outcome) responseArea.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [lab.outcome]);

  const { state: locationState } = useLocation();

  // A request handed over by another screen fills the form once its API and tokens are known.
  const seeded = useRef(false);
  useEffect(() => {
    const seed = labSeedFrom(locationState);
    const api = apis.data?.find((a) => a.id === seed?.apiMasterId);
    if (seeded.current || !seed || !api || !tokens.data) return;
    seeded.current = true;
    // the endpoint's defaults must not replace what was handed over
    applied.current = seed.endpointId;
    lab.seed(api, seed, tokens.data);
  }, [locationState, apis.data, tokens.data, lab.seed]);

  const summary = lab.api?.apiConfigList.find((e) => e.id === lab.endpointId);
  const pathKeys =
    detail.data?.parameterConfigList.filter((p) => p.parameterType === 'path').map((p) => p.keyName) ?? [];
  const payload = () =>
    sendPayload({
      method: lab.method,
      url: lab.url,
      params: lab.params,
      headers: lab.headers,
      body: lab.body,
      apiMasterId: lab.api?.id ?? 0,
    });

  const onSend = () =>
    send.mutate(payload(), {
      onSuccess: (answer, request) => {
        lab.setOutcome({ kind: 'answer', answer, method: request.requestMethod });
        // spec §8's success toast for a 2xx only: the Response area's status says what any other is
        if (answer.status >= 200 && answer.status < 300) toast.success(labMessages.sent, TOAST);
      },
      onError: (error) => {
        console.error(error);
        lab.setOutcome({
          kind: 'failure',
          message: error.message,
          detail: isHttpError(error) ? error.detail : undefined,
        });
        toast.error(labMessages.failed, TOAST);
      },
    });

  const onGenerateToken = () => {
    if (!lab.api) return;
    generateToken.mutate(lab.api.id, {
      onSuccess: (token) => {
        lab.setToken(token.generatedAccessToken);
        toast.success(labMessages.tokenGenerated, TOAST);
      },
      onError: (error) => {
        console.error(error);
        toast.error(labMessages.failed, TOAST);
      },
    });
  };

  const onCopyCurl = async () => {
    await navigator.clipboard.writeText(toCurl(payload()));
    toast.success(labMessages.curlCopied, TOAST);
  };

  return (
    <Stack spacing={3}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
        API Lab
      </Typography>
      <Paper variant="outlined" sx={{ p: 2.5 }}>
        <Stack spacing={2}>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            <TextField
              select
              label="API Name"
              size="small"
              // The token preset (spec §4) needs the token list first.
              disabled={apis.isPending || tokens.isPending}
              value={lab.api?.id ?? ''}
              onChange={(event) => {
                applied.current = null;
                setTab(0);
                lab.chooseApi(
                  apis.data?.find((a) => a.id === Number(event.target.value)) ?? null,
                  tokens.data ?? [],
                );
              }}
              sx={{ minWidth: 240 }}
            >
              {(apis.data ?? []).map((api) => (
                <MenuItem key={api.id} value={api.id}>
                  {api.apiMasterName}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label="Request Method"
              size="small"
              value={lab.endpointId ?? ''}
              disabled={!lab.api}
              onChange={(event) => {
                applied.current = null;
                lab.chooseEndpoint(Number(event.target.value));
              }}
              sx={{ flex: 1, minWidth: 280 }}
            >
              {(lab.api?.apiConfigList ?? []).map((endpoint) => (
                <MenuItem key={endpoint.id} value={endpoint.id}>
                  <MethodBadge method={endpoint.methodType} />
                  <Box component="span" sx={{ ml: 1, fontFamily: 'monospace' }}>
                    {endpoint.apiEndPoint}
                  </Box>
                </MenuItem>
              ))}
            </TextField>
          </Box>
          <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
            <TextField
              label="Request URL"
              size="small"
              fullWidth
              value={lab.url}
              onChange={(event) => lab.setUrl(event.target.value)}
              helperText={summary && !summary.publicEndPoint ? labMessages.notDeployed : undefined}
              slotProps={{ htmlInput: { style: { fontFamily: 'monospace' } } }}
            />
            <Button variant="contained" disabled={!lab.api || viewer || send.isPending} onClick={onSend}>
              Send
            </Button>
            <Button
              variant="outlined"
              disabled={!lab.api || viewer || generateToken.isPending}
              onClick={onGenerateToken}
              sx={{ whiteSpace: 'nowrap' }}
            >
              Generate Token
            </Button>
          </Box>
          {pathKeys.length > 0 && (
            <Box role="group" aria-label="Path params" sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
              {pathKeys.map((key) => (
                <TextField
                  key={key}
                  label={key}
                  size="small"
                  value={lab.pathValues[key] ?? ''}
                  onChange={(event) => lab.setPathValue(key, event.target.value)}
                  helperText={`Replaces {${key}} in the URL`}
                />
              ))}
            </Box>
          )}
          {detail.isError && <Alert severity="error">{labMessages.failed}</Alert>}
          {lab.credentials && <CredentialsNote credentials={lab.credentials} />}
          {lab.method && (
            <>
              <Tabs value={tab} onChange={(_event, next: number) => setTab(next)} aria-label="Request parts">
                <Tab label="Query Params" />
                <Tab label="Body" />
                <Tab label="Headers" />
              </Tabs>
              {tab === 0 && (
                <KeyValueRows
                  noun="Query param"
                  rows={lab.params}
                  onChange={lab.setParams}
                  readOnly={viewer}
                />
              )}
              {tab === 1 && (
                <CodeEditor
                  label="Body"
                  value={lab.body}
                  onChange={viewer ? undefined : lab.setBody}
                  onBlur={() => lab.setBody(formatIfJson(lab.body))}
                  helperText={
                    labSendsBody(lab.method) ? undefined : `A ${lab.method} request is sent without a body.`
                  }
                />
              )}
              {tab === 2 && (
                <KeyValueRows noun="Header" rows={lab.headers} onChange={lab.setHeaders} readOnly={viewer} />
              )}
            </>
          )}
        </Stack>
      </Paper>
      <Paper ref={responseArea} variant="outlined" sx={{ p: 2.5, scrollMarginTop: HEADER_HEIGHT + 16 }}>
        <LabResponsePanel outcome={lab.outcome} onCopyCurl={lab.url ? onCopyCurl : null} />
      </Paper>
    </Stack>
  );
}
