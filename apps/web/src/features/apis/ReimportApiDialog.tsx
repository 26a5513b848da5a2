import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import {
  type ApiMaster,
  type ChangeLists,
  type EndpointChange,
  isEmptySummary,
  type KeptEdit,
  type ReimportAnswer,
  reimportMessages,
} from '@sandbox/contracts';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { AppDialog } from '../../components/AppDialog';
import { importFailureMessage } from './api';
import { DocumentSourceFields } from './DocumentSourceFields';
import {
  checkDocumentSource,
  type DocumentSource,
  EMPTY_SOURCE,
  sourceField,
  ZDocumentSource,
} from './documentSource';
import { ImportWarningsNotice } from './ImportWarningsNotice';
import { useReimportApply, useReimportPreview } from './reimportApi';

// Update from file: the new version of an API's document (a file or a URL, as New API takes it) is
// read first (a dry run) and what it would change is shown; only "Apply" changes the API, keeping
// what was set by hand on what remains.

const ZReimportForm = ZDocumentSource.superRefine(checkDocumentSource);

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

/** The fields a kept edit names, as the forms label them. */
const FIELD_LABELS: Record<KeptEdit['field'], string> = {
  description: 'Description',
  minLength: 'Min Length',
  maxLength: 'Max Length',
  defaultValue: 'Default Value',
  autoGenerationType: 'Auto Generation',
};

/** Where an edit is kept, in words: `GET /hoot/{id}, path id: Description`. */
const keptEditText = ({ place, part, field }: KeptEdit) =>
  `${part ? `${place}, ${part}` : place}: ${FIELD_LABELS[field]}`;

function ChangeSummary({ answer }: { answer: ReimportAnswer }) {
  const { endpoints, schemas } = answer.summary;
  const named = (list: { methodType: string; apiEndPoint: string }[]) =>
    list.map((e) => `${e.methodType} ${e.apiEndPoint}`);
  return (
    <Stack spacing={1.5} data-testid="reimport-summary">
      {isEmptySummary(answer.summary) && <Alert severity="info">{reimportMessages.nothingChanges}</Alert>}
      <Section title="Endpoints added" items={named(endpoints.added)} />
      <Section title="Endpoints removed" items={named(endpoints.removed)} />
      <Section title="Endpoints changed" items={endpoints.changed.map(endpointChangeText)} />
      <Section title="Schemas added" items={schemas.added} />
      <Section title="Schemas removed" items={schemas.removed} />
      <Section title="Schemas changed" items={schemas.changed} />
      <Section
        title="Your edits kept over the document's changes"
        items={answer.keptEdits.map(keptEditText)}
      />
    </Stack>
  );
}

export interface ReimportApiDialogProps {
  api: ApiMaster;
  open: boolean;
  onClose: () => void;
}

export function ReimportApiDialog({ api, open, onClose }: ReimportApiDialogProps) {
  const preview = useReimportPreview(api.id);
  const apply = useReimportApply(api.id);
  const { control, handleSubmit, reset, setError, watch } = useForm<DocumentSource>({
    resolver: zodResolver(ZReimportForm),
    defaultValues: EMPTY_SOURCE,
  });
  const source = watch('source');

  // a summary is of the document it was read from: another document, or none yet, has none
  const { reset: forgetPreview } = preview;
  useEffect(() => watch(() => forgetPreview()).unsubscribe, [watch, forgetPreview]);

  const read = handleSubmit((document) =>
    preview.mutate(document, {
      // beside the document's field, until the document is changed
      onError: (error) => setError(sourceField(document), { message: importFailureMessage(error) }),
    }),
  );

  const close = () => {
    onClose();
    reset(EMPTY_SOURCE);
    preview.reset();
  };

  const onApply = () => {
    // the document whose changes are shown
    const document = preview.variables;
    if (!document) return;
    apply.mutate(document, {
      onSuccess: ({ warnings }) => {
        toast.success(reimportMessages.applied);
        if (warnings.length > 0) toast.warning(<ImportWarningsNotice warnings={warnings} />);
        close();
      },
      onError: (error) => {
        const message = importFailureMessage(error);
        toast.error(message);
        setError(sourceField(document), { message });
      },
    });
  };

  return (
    <AppDialog open={open} onClose={close} title={`Update ${api.apiMasterName} from file`}>
      <Stack component="form" noValidate spacing={2} onSubmit={read} sx={{ pt: 1 }}>
        <Typography variant="body2" color="text.secondary">
          Endpoints are matched by method and path. Descriptions, lengths, defaults, automatic values,
          mappings, links, test data, tokens and the deployment are kept on what remains.
        </Typography>
        <DocumentSourceFields control={control} onFileChosen={() => void read()} />
        {source === 'url' && (
          <Button
            type="submit"
            variant="outlined"
            sx={{ alignSelf: 'flex-start' }}
            disabled={preview.isPending}
          >
            Show changes
          </Button>
        )}
        {preview.isIdle && <Typography variant="body2">{reimportMessages.chooseFile}</Typography>}
        {preview.isPending && <CircularProgress size={24} aria-label="Reading the document" />}
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
