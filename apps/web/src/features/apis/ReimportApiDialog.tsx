import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import {
  type ApiMaster,
  type ChangeLists,
  type EndpointChange,
  isEmptySummary,
  type ReimportAnswer,
  reimportMessages,
} from '@sandbox/contracts';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { AppDialog } from '../../components/AppDialog';
import { importFailureMessage } from './api';
import { ImportFileField } from './ImportFileField';
import { ImportWarningsNotice } from './ImportWarningsNotice';
import { useReimportApply, useReimportPreview } from './reimportApi';

// Update from file: the new version of an API's document is read first (a dry run) and what it would
// change is shown; only "Apply" changes the API, keeping what was set by hand on what remains.

function Section({ title, items }: { title: string; items: string[] }) {
  if (items.length === 0) return null;
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="subtitle2">
        {title} ({items.length})
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2 }}>
        {items.map((item) => (
          <Typography component="li" variant="body2" key={item} sx={{ overflowWrap: 'anywhere' }}>
            {item}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}

/** What changed in one endpoint, in words: `parameters added: query limit; responses removed: 404`. */
function endpointChangeText(change: EndpointChange): string {
  const parts: string[] = [];
  const describe = (what: string, lists: ChangeLists) => {
    for (const kind of ['added', 'removed', 'changed'] as const)
      if (lists[kind].length) parts.push(`${what} ${kind}: ${lists[kind].join(', ')}`);
  };
  describe('parameters', change.parameters);
  describe('request bodies', change.requestBodies);
  describe('responses', change.responses);
  const what = parts.length ? parts.join('; ') : 'path parameters renamed';
  return `${change.methodType} ${change.apiEndPoint} — ${what}`;
}

function ChangeSummary({ answer }: { answer: ReimportAnswer }) {
  const { endpoints, schemas } = answer.summary;
  if (isEmptySummary(answer.summary)) return <Alert severity="info">{reimportMessages.nothingChanges}</Alert>;
  const named = (list: { methodType: string; apiEndPoint: string }[]) =>
    list.map((e) => `${e.methodType} ${e.apiEndPoint}`);
  return (
    <Stack spacing={1.5} data-testid="reimport-summary">
      <Section title="Endpoints added" items={named(endpoints.added)} />
      <Section title="Endpoints removed" items={named(endpoints.removed)} />
      <Section title="Endpoints changed" items={endpoints.changed.map(endpointChangeText)} />
      <Section title="Schemas added" items={schemas.added} />
      <Section title="Schemas removed" items={schemas.removed} />
      <Section title="Schemas changed" items={schemas.changed} />
    </Stack>
  );
}

export interface ReimportApiDialogProps {
  api: ApiMaster;
  open: boolean;
  onClose: () => void;
}

export function ReimportApiDialog({ api, open, onClose }: ReimportApiDialogProps) {
  const [file, setFile] = useState<File | null>(null);
  const preview = useReimportPreview(api.id);
  const apply = useReimportApply(api.id);

  const close = () => {
    onClose();
    setFile(null);
    preview.reset();
  };

  const choose = (chosen: File | null) => {
    setFile(chosen);
    preview.reset();
    if (chosen) preview.mutate(chosen);
  };

  const onApply = () => {
    if (!file) return;
    apply.mutate(file, {
      onSuccess: ({ warnings }) => {
        toast.success(reimportMessages.applied);
        if (warnings.length > 0)
          toast.warning(<ImportWarningsNotice warnings={warnings} />, { autoClose: false });
        close();
      },
      onError: (error) => toast.error(importFailureMessage(error)),
    });
  };

  return (
    <AppDialog open={open} onClose={close} title={`Update ${api.apiMasterName} from file`}>
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Typography variant="body2" color="text.secondary">
          Endpoints are matched by method and path. Descriptions, lengths, defaults, automatic values,
          mappings, links, test data, tokens and the deployment are kept on what remains.
        </Typography>
        <ImportFileField file={file} onChange={choose} />
        {!file && <Typography variant="body2">{reimportMessages.chooseFile}</Typography>}
        {preview.isPending && <CircularProgress size={24} aria-label="Reading the document" />}
        {preview.isError && <Alert severity="error">{importFailureMessage(preview.error)}</Alert>}
        {preview.data && <ChangeSummary answer={preview.data} />}
        {preview.data && preview.data.warnings.length > 0 && (
          <Alert severity="warning">
            <ImportWarningsNotice warnings={preview.data.warnings} />
          </Alert>
        )}
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={close}>Cancel</Button>
          <Button variant="contained" onClick={onApply} disabled={!preview.data || apply.isPending}>
            Apply
          </Button>
        </Stack>
      </Stack>
    </AppDialog>
  );
}
