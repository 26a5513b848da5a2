import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import { Alert, Box, Button, Chip, CircularProgress, Link, Stack, Typography } from '@mui/material';
import { type LoggedRequest, ROLE_VIEWER } from '@sandbox/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable } from '../../components/DataTable';
import { getSessionRoleId } from '../../lib/session';
import { labSeedState } from '../lab/labSeed';
import { requestLogKeys, requestLogMessages, useClearRequestLog, useRequestLog, useTeamApis } from './api';
import { EmptyRequestLog } from './EmptyRequestLog';
import { type LogRow, withGaps } from './logRows';
import { NotRecordedRow } from './NotRecordedRow';
import { labSeedOfCall } from './openInLab';
import { RequestDetailDialog } from './RequestDetailDialog';
import { RequestFiltersBar } from './RequestFiltersBar';
import { RequestLogRow } from './RequestLogRow';
import { curlCommand } from './replayCall';
import {
  filtersFrom,
  filtersToSearch,
  matchesFilters,
  mergeCalls,
  type RequestFilters,
} from './requestFilters';
import { useRequestStream } from './useRequestStream';
import { ViolationsByOperation } from './ViolationsByOperation';

const COLUMNS = ['Time', 'Method', 'Path', 'Status', 'Duration', 'Source'] as const;

/** The live calls kept beside the fetched pages: a busy API does not grow the page without end. */
const LIVE_CALLS_KEPT = 500;

const STREAM_LABELS = { connecting: 'Connecting…', live: 'Live', reconnecting: 'Reconnecting…' } as const;

/** What an API's sandbox received and answered, newest first, as it happens. */
export function RequestLogPage() {
  const { projectId = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const filters = useMemo(() => filtersFrom(search), [search]);
  const setFilters = useCallback(
    (next: RequestFilters) => setSearch(filtersToSearch(next), { replace: true }),
    [setSearch],
  );
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const api = useTeamApis().data?.find((a) => String(a.id) === projectId);
  const log = useRequestLog(projectId, filters);
  const clear = useClearRequestLog(projectId);
  // spec §6: every role reads the log; a Viewer does not clear it.
  const viewer = getSessionRoleId() === String(ROLE_VIEWER);
  const [live, setLive] = useState<LoggedRequest[]>([]);
  const [open, setOpen] = useState<LoggedRequest | null>(null);
  const [confirming, setConfirming] = useState(false);

  // forwarded calls the live feed brought: each one refreshes the count of violations per operation
  const [liveForwarded, setLiveForwarded] = useState(0);

  const { state: stream, refusal } = useRequestStream(projectId, (call) => {
    setLive((calls) => [call, ...calls].slice(0, LIVE_CALLS_KEPT));
    if (call.forwarded) setLiveForwarded((n) => n + 1);
  });
  // Connected (again): what arrived while the feed was not open is fetched once.
  useEffect(() => {
    if (stream === 'live') void queryClient.invalidateQueries({ queryKey: requestLogKeys.all(projectId) });
  }, [stream, projectId, queryClient]);

  const listed = log.data?.pages.flatMap((page) => page.items) ?? [];
  const calls = mergeCalls(
    live.filter((call) => matchesFilters(call, filters)),
    listed,
  );
  const rows = withGaps(calls, log.data?.pages.flatMap((page) => page.gaps) ?? [], !log.hasNextPage);
  const filtered = Object.keys(filters).length > 0;
  const baseUrl = api?.isApiPublished ? api.apiBaseUrl : null;
  const firstEndpoint = api?.apiConfigList[0];

  const onClear = () => {
    setConfirming(false);
    clear.mutate(undefined, {
      onSuccess: () => {
        setLive([]);
        toast.success(requestLogMessages.cleared);
      },
      onError: () => toast.error(requestLogMessages.clearFailed),
    });
  };

  const onCopyCurl = async (call: LoggedRequest) => {
    if (!baseUrl) return;
    try {
      await navigator.clipboard.writeText(curlCommand(call, baseUrl));
      toast.success(requestLogMessages.curlCopied);
    } catch {
      toast.error(requestLogMessages.copyFailed);
    }
  };

  const onOpenInLab = (call: LoggedRequest) => {
    if (!api) return;
    navigate('/api-lab', { state: labSeedState(labSeedOfCall(call, api)) });
  };

  return (
    <Stack spacing={2.5}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Box sx={{ flex: 1, minWidth: 200 }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
            Requests
          </Typography>
          {api && (
            <Typography color="text.secondary">
              {firstEndpoint ? (
                <Link component={RouterLink} to={`/request/${api.id}/${firstEndpoint.id}`} underline="hover">
                  {api.apiMasterName}
                </Link>
              ) : (
                api.apiMasterName
              )}
              {baseUrl && (
                <Box component="span" sx={{ fontFamily: 'monospace', ml: 1 }}>
                  {baseUrl}
                </Box>
              )}
            </Typography>
          )}
        </Box>
        <Chip
          role="status"
          size="small"
          variant="outlined"
          color={stream === 'live' ? 'success' : 'default'}
          label={STREAM_LABELS[stream]}
        />
        <Button
          variant="outlined"
          color="error"
          startIcon={<DeleteSweepIcon />}
          disabled={viewer || clear.isPending}
          onClick={() => setConfirming(true)}
        >
          Clear log
        </Button>
      </Stack>
      {refusal && stream !== 'live' && (
        <Alert severity="warning" aria-label="Live updates paused">
          Live updates are paused: {refusal}. The screen connects again by itself.
        </Alert>
      )}
      <RequestFiltersBar filters={filters} endpoints={api?.apiConfigList ?? []} onChange={setFilters} />
      <ViolationsByOperation
        apiMasterId={projectId}
        forwarding={calls.some((call) => call.forwarded)}
        liveForwarded={liveForwarded}
      />
      {log.isPending ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
          <CircularProgress aria-label="Loading requests" />
        </Box>
      ) : log.isError && calls.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
          {requestLogMessages.loadFailed}
        </Typography>
      ) : calls.length === 0 && !filtered ? (
        <EmptyRequestLog api={api} readOnly={viewer} />
      ) : (
        <DataTable<LogRow>
          label="Requests"
          columns={COLUMNS}
          rows={rows}
          emptyText="No request matches these filters."
          renderRow={(row) =>
            'call' in row ? (
              <RequestLogRow key={row.call.id} call={row.call} onOpen={setOpen} />
            ) : (
              <NotRecordedRow key={`gap-${row.gap.id}`} gap={row.gap} columns={COLUMNS.length} />
            )
          }
        />
      )}
      {log.hasNextPage && (
        <Box sx={{ textAlign: 'center' }}>
          <Button
            variant="outlined"
            disabled={log.isFetchingNextPage}
            onClick={() => void log.fetchNextPage()}
          >
            Load more
          </Button>
        </Box>
      )}
      <RequestDetailDialog
        call={open}
        onClose={() => setOpen(null)}
        onOpenInLab={api ? onOpenInLab : null}
        onCopyCurl={baseUrl ? onCopyCurl : null}
      />
      <ConfirmDialog
        open={confirming}
        title="Clear the request log"
        subtitle={`Every request logged for ${api?.apiMasterName ?? 'this API'} is deleted; new ones keep arriving.`}
        submitText="Clear"
        onCancel={() => setConfirming(false)}
        onSubmit={onClear}
      />
    </Stack>
  );
}
