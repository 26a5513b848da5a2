import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import ScienceIcon from '@mui/icons-material/Science';
import { Alert, Box, Button, Chip, Divider, Stack, Typography } from '@mui/material';
import type { LoggedRequest } from '@sandbox/contracts';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { AppDialog } from '../../components/AppDialog';
import { MethodBadge } from '../../components/MethodBadge';
import { CallBody } from './CallBody';
import {
  formatDuration,
  simulationSummary,
  sourceLabel,
  statusColour,
  statusLabel,
  violationCount,
} from './callDisplay';
import { HeadersTable } from './HeadersTable';

export interface RequestDetailDialogProps {
  call: LoggedRequest | null;
  onClose: () => void;
  /** Null when the API has no sandbox URL to send the call to. */
  onOpenInLab: ((call: LoggedRequest) => void) | null;
  onCopyCurl: ((call: LoggedRequest) => void) | null;
}

function Fact({ name, children }: { name: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {name}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0 }}>
        {children}
      </Typography>
    </>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack component="section" aria-label={title} spacing={1}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

/** One call in full: what was sent, what was answered, and why. */
export function RequestDetailDialog({ call, onClose, onOpenInLab, onCopyCurl }: RequestDetailDialogProps) {
  if (!call) return null;
  const target = `${call.path}${call.query ? `?${call.query}` : ''}`;
  const simulation = simulationSummary(call.simulated);
  // entries from a server that never cut these fields do not say
  const cut = call.truncatedFields ?? [];
  const cutAddress = (['path', 'query'] as const).filter((field) => cut.includes(field)).join(' and ');
  return (
    <AppDialog
      open
      onClose={onClose}
      maxWidth="md"
      title={
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
          <MethodBadge method={call.method} size="medium" />
          <Box component="span" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
            {target}
          </Box>
        </Stack>
      }
    >
      <Stack spacing={2.5}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Chip color={statusColour(call.status)} label={statusLabel(call.status)} />
          <Box sx={{ flex: 1 }} />
          <Button
            variant="contained"
            startIcon={<ScienceIcon />}
            disabled={!onOpenInLab}
            onClick={() => onOpenInLab?.(call)}
          >
            Open in API Lab
          </Button>
          <Button
            variant="outlined"
            startIcon={<ContentCopyIcon />}
            disabled={!onCopyCurl}
            onClick={() => onCopyCurl?.(call)}
          >
            Copy as cURL
          </Button>
        </Stack>
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 0.75, m: 0 }}
        >
          <Fact name="Received">{dayjs(call.at).format('YYYY-MM-DD HH:mm:ss.SSS')}</Fact>
          <Fact name="Duration">{formatDuration(call.durationMs)}</Fact>
          <Fact name="Endpoint">
            {call.endpoint ? (
              <Box component="span" sx={{ fontFamily: 'monospace' }}>
                {call.endpoint}
              </Box>
            ) : (
              `None matched: ${call.unmatched ?? 'no endpoint has this path and method'}`
            )}
          </Fact>
          <Fact name="Answer">{sourceLabel(call.source)}</Fact>
          <Fact name="Simulation">{simulation ?? 'None'}</Fact>
        </Box>
        {call.problems.length > 0 && (
          <Alert severity="warning" aria-label="Validation problems">
            <Typography variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
              {call.problems.length === 1
                ? '1 validation problem'
                : `${call.problems.length} validation problems`}
            </Typography>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {call.problems.map((problem) => (
                <li key={`${problem.location}:${problem.message}`}>
                  <Box component="code" sx={{ fontWeight: 600 }}>
                    {problem.location}
                  </Box>
                  : {problem.message}
                </li>
              ))}
            </Box>
          </Alert>
        )}
        {call.forwarded && (
          <Alert
            severity={(call.violations ?? []).length > 0 ? 'warning' : 'success'}
            aria-label="Contract violations"
          >
            <Typography variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
              {(call.violations ?? []).length > 0
                ? `Forwarded to the Upstream URL: ${violationCount((call.violations ?? []).length)} of the document`
                : 'Forwarded to the Upstream URL: both sides keep the document'}
            </Typography>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {(call.violations ?? []).map((v, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed; two may read alike
                <li key={index}>
                  {v.severity === 'Warning' ? 'Warning at ' : ''}
                  <Box component="code" sx={{ fontWeight: 600 }}>
                    {v.location.join('.')}
                  </Box>
                  : {v.message}
                </li>
              ))}
            </Box>
          </Alert>
        )}
        <Section title="Request">
          {cutAddress && <Alert severity="info">Only the start of the {cutAddress} was kept.</Alert>}
          <HeadersTable
            label="Request headers"
            headers={call.requestHeaders}
            truncated={cut.includes('requestHeaders')}
          />
          <CallBody label="Request body" body={call.requestBody} truncated={call.requestBodyTruncated} />
        </Section>
        <Divider />
        <Section title="Response">
          {call.status === 0 ? (
            <Typography variant="body2" color="text.secondary">
              The connection was dropped without an answer.
            </Typography>
          ) : (
            <>
              <HeadersTable
                label="Response headers"
                headers={call.responseHeaders}
                truncated={cut.includes('responseHeaders')}
              />
              <CallBody
                label="Response body"
                body={call.responseBody}
                truncated={call.responseBodyTruncated}
              />
            </>
          )}
        </Section>
      </Stack>
    </AppDialog>
  );
}
