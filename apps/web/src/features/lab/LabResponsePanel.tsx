import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import {
  Alert,
  Box,
  Button,
  Chip,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableRow,
  Tabs,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { formatBytes } from './formatBytes';
import { LabResponseBody } from './LabResponseBody';
import { type ResponseBody, responseBody } from './responseBody';
import type { LabOutcome } from './useLabState';

interface LabResponsePanelProps {
  outcome: LabOutcome | null;
  onCopyCurl: (() => void) | null;
}

const statusColour = (status: number) =>
  status < 300 ? 'success' : status < 400 ? 'info' : status < 500 ? 'warning' : 'error';

/**
 * spec §2: a read-only Response area with formatted JSON, plus the status, time, size and headers.
 * Other text (XML, HTML, plain) shows as sent; a binary body as a note, with a preview for an image.
 */
export function LabResponsePanel({ outcome, onCopyCurl }: LabResponsePanelProps) {
  const [tab, setTab] = useState(0);
  const answer = outcome?.kind === 'answer' ? outcome.answer : null;
  const body: ResponseBody =
    outcome === null
      ? { kind: 'text', text: '' }
      : outcome.kind === 'answer'
        ? responseBody(outcome.answer, outcome.method)
        : {
            kind: 'text',
            text: JSON.stringify({ message: outcome.message, detail: outcome.detail }, null, 2),
          };

  return (
    <Stack component="section" aria-label="Response" spacing={1.5}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2">
          Response
        </Typography>
        {answer && (
          <>
            <Chip
              aria-label="Status"
              color={statusColour(answer.status)}
              label={`${answer.status} ${answer.statusText}`.trim()}
              size="small"
            />
            <Typography variant="body2" aria-label="Time">
              Time: {answer.timeMs} ms
            </Typography>
            <Typography variant="body2" aria-label="Size">
              Size: {formatBytes(answer.sizeBytes)}
            </Typography>
          </>
        )}
        <Box sx={{ flex: 1 }} />
        <Button
          size="small"
          startIcon={<ContentCopyIcon />}
          disabled={!onCopyCurl}
          onClick={() => onCopyCurl?.()}
        >
          Copy as cURL
        </Button>
      </Box>
      {answer?.note && <Alert severity="warning">{answer.note}</Alert>}
      <Tabs value={tab} onChange={(_event, next: number) => setTab(next)} aria-label="Response parts">
        <Tab label="Body" />
        <Tab label={answer ? `Headers (${Object.keys(answer.headers).length})` : 'Headers'} />
      </Tabs>
      {tab === 0 ? (
        <LabResponseBody body={body} />
      ) : (
        <Table size="small" aria-label="Response headers">
          <TableBody>
            {Object.entries(answer?.headers ?? {}).map(([name, value]) => (
              <TableRow key={name}>
                <TableCell sx={{ fontFamily: 'monospace', width: 260 }}>{name}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{value}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Stack>
  );
}
