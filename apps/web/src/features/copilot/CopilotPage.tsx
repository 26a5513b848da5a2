import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import {
  type ApiMaster,
  COPILOT_DESCRIPTION_MAX,
  type CopilotInput,
  type CopilotRequest,
  copilotMessages,
  MAX_NAME_LENGTH,
  ROLE_VIEWER,
  TOOL_TOAST_AUTO_CLOSE_MS,
  ZCopilotRequest,
} from '@sandbox/contracts';
import { useState } from 'react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { type ToastOptions, toast } from 'react-toastify';
import { CodeEditor } from '../../components/codeEditor/CodeEditor';
import { isHttpError } from '../../lib/http';
import { getSessionRoleId } from '../../lib/session';
import { useGenerateSpec, useImportSpec } from './api';
import { downloadDocument, importForm } from './copilotImport';
import { EndpointRow } from './EndpointRow';

// spec §9: this screen's toasts sit bottom-right for 4 s.
const TOAST: ToastOptions = { position: 'bottom-right', autoClose: TOOL_TOAST_AUTO_CLOSE_MS };
const anEndpoint = () => ({ method: 'GET' as const, url: '', description: '' });

/** spec §2 API Copilot: a project, its endpoints, and the OpenAPI document made of them. */
export function CopilotPage() {
  const viewer = getSessionRoleId() === String(ROLE_VIEWER);
  const generate = useGenerateSpec();
  const importSpec = useImportSpec();
  const [result, setResult] = useState<{ projectName: string; document: string } | null>(null);
  // The API the shown document was imported as: the screen leads to it.
  const [imported, setImported] = useState<ApiMaster | null>(null);
  const { control, handleSubmit } = useForm<CopilotRequest, unknown, CopilotInput>({
    resolver: zodResolver(ZCopilotRequest),
    defaultValues: { projectName: '', description: '', endpoints: [anEndpoint()] },
  });
  const { fields, append, remove } = useFieldArray({ control, name: 'endpoints' });

  const onSend = handleSubmit((request) =>
    generate.mutate(request, {
      onSuccess: (document) => {
        setResult({ projectName: request.projectName, document });
        setImported(null);
        toast.success(copilotMessages.sent, TOAST);
      },
      onError: (error) => {
        console.error(error);
        // A team over its AI limit is told how long to wait; trying again at once would not help.
        toast.error(isHttpError(error, 429) ? error.message : copilotMessages.failed, TOAST);
      },
    }),
  );

  const onImport = () => {
    if (!result) return;
    importSpec.mutate(importForm(result.projectName, result.document), {
      onSuccess: (api) => {
        setImported(api);
        toast.success(copilotMessages.imported, TOAST);
      },
      onError: (error) =>
        toast.error(isHttpError(error) && error.detail ? error.detail : copilotMessages.importFailed, TOAST),
    });
  };

  return (
    <Stack spacing={3}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
        API Copilot
      </Typography>
      <Paper variant="outlined" component="form" noValidate onSubmit={onSend} sx={{ p: 2.5 }}>
        <Stack spacing={2}>
          <Controller
            name="projectName"
            control={control}
            render={({ field, fieldState }) => (
              <TextField
                label="Project Name"
                placeholder="User"
                size="small"
                {...field}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message}
                slotProps={{ htmlInput: { maxLength: MAX_NAME_LENGTH } }}
                sx={{ maxWidth: 420 }}
              />
            )}
          />
          <Controller
            name="description"
            control={control}
            render={({ field }) => (
              <TextField
                label="Description"
                placeholder="What the API is for, and what its resources hold"
                multiline
                minRows={3}
                {...field}
                value={field.value ?? ''}
                // spec §5: input past the limit is ignored, not refused.
                slotProps={{ htmlInput: { maxLength: COPILOT_DESCRIPTION_MAX } }}
              />
            )}
          />
          <Stack spacing={1.5} role="list" aria-label="Endpoints">
            {fields.map((field, index) => (
              <Box role="listitem" key={field.id}>
                <EndpointRow
                  index={index}
                  control={control}
                  readOnly={viewer}
                  onAdd={() => append(anEndpoint())}
                  onRemove={() => fields.length > 1 && remove(index)}
                />
              </Box>
            ))}
          </Stack>
          <Box>
            <Button type="submit" variant="contained" disabled={viewer || generate.isPending}>
              {generate.isPending ? 'Loading...' : 'Send'}
            </Button>
          </Box>
        </Stack>
      </Paper>
      <Paper variant="outlined" sx={{ p: 2.5 }}>
        <Stack spacing={1.5}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
            <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
              Response
            </Typography>
            <Button
              variant="outlined"
              disabled={!result || viewer || importSpec.isPending}
              onClick={onImport}
            >
              Import to APIs
            </Button>
            <Button
              variant="outlined"
              disabled={!result || viewer}
              onClick={() => result && downloadDocument(result.document)}
            >
              Download
            </Button>
          </Box>
          {imported && (
            <Alert
              severity="success"
              action={
                <Button component={RouterLink} to={`/request/${imported.id}`} color="inherit" size="small">
                  Open API
                </Button>
              }
            >
              Imported as {imported.apiMasterName}, version {imported.apiVersion}.
            </Alert>
          )}
          <CodeEditor label="Response" value={result?.document ?? ''} minLines={12} maxHeight={720} />
        </Stack>
      </Paper>
    </Stack>
  );
}
