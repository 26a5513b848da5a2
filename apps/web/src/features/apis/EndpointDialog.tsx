import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Chip, MenuItem, Stack, TextField, Typography } from '@mui/material';
import {
  apiMessages,
  type EndpointDetail,
  type EndpointSummary,
  HTTP_METHODS,
  MAX_DESCRIPTION_LENGTH,
  ZEndpointCreate,
} from '@sandbox/contracts';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { AppDialog } from '../../components/AppDialog';
import { isHttpError } from '../../lib/http';
import { designFailureMessage, useCreateEndpoint, useUpdateEndpoint } from './designApi';
import { previewPath } from './pathPreview';

// The endpoint's fields as the form holds them: every one a text field.
const ZEndpointForm = ZEndpointCreate.extend({
  apiTag: z.string().trim().max(200),
  summary: z.string().trim(),
});
type EndpointForm = z.input<typeof ZEndpointForm>;

export interface EndpointDialogProps {
  open: boolean;
  onClose: () => void;
  apiMasterId: string;
  /** The endpoint to change; absent: a new one is added. */
  endpoint?: Pick<EndpointSummary, 'id' | 'methodType' | 'apiEndPoint' | 'apiTag' | 'summary'>;
}

const toForm = (endpoint: EndpointDialogProps['endpoint']): EndpointForm => ({
  methodType: endpoint?.methodType ?? 'GET',
  apiEndPoint: endpoint?.apiEndPoint ?? '/',
  apiTag: endpoint?.apiTag ?? '',
  summary: endpoint?.summary ?? '',
});

/** Adds an endpoint, or changes one: method, path template (its path parameters follow it), tag, summary. */
export function EndpointDialog({ open, onClose, apiMasterId, endpoint }: EndpointDialogProps) {
  const navigate = useNavigate();
  const create = useCreateEndpoint(apiMasterId);
  const update = useUpdateEndpoint(apiMasterId, String(endpoint?.id ?? 0));
  const saving = create.isPending || update.isPending;
  const { control, register, handleSubmit, reset, setError, formState } = useForm<
    EndpointForm,
    unknown,
    z.output<typeof ZEndpointForm>
  >({
    resolver: zodResolver(ZEndpointForm),
    values: toForm(endpoint),
  });
  const path = useWatch({ control, name: 'apiEndPoint' });
  const preview = previewPath(path ?? '');

  const close = () => {
    onClose();
    reset(toForm(endpoint));
  };

  const onSaved = (saved: EndpointDetail) => {
    toast.success(apiMessages.updated);
    close();
    navigate(`/request/${apiMasterId}/${saved.id}`);
  };
  // A refusal about the path (a clash with another endpoint) shows under the path; others as a toast.
  const onFailed = (error: unknown) => {
    if (isHttpError(error) && error.status < 500 && error.status !== 403)
      setError('apiEndPoint', { message: designFailureMessage(error) });
    else toast.error(designFailureMessage(error));
  };

  const onSubmit = handleSubmit((values) => {
    const body = {
      methodType: values.methodType,
      apiEndPoint: values.apiEndPoint,
      apiTag: values.apiTag,
      summary: values.summary || null,
    };
    if (endpoint) update.mutate(body, { onSuccess: onSaved, onError: onFailed });
    else create.mutate(body, { onSuccess: onSaved, onError: onFailed });
  });

  return (
    <AppDialog open={open} onClose={close} title={endpoint ? 'Edit Endpoint' : 'Add Endpoint'}>
      <Stack component="form" noValidate spacing={2} onSubmit={onSubmit} sx={{ pt: 1 }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
          <Controller
            name="methodType"
            control={control}
            render={({ field, fieldState }) => (
              <TextField
                select
                label="Method"
                required
                {...field}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message}
                sx={{ width: 140 }}
              >
                {HTTP_METHODS.map((method) => (
                  <MenuItem key={method} value={method}>
                    {method}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <TextField
            label="Path"
            required
            autoFocus
            placeholder="/pets/{petId}"
            {...register('apiEndPoint')}
            error={Boolean(formState.errors.apiEndPoint)}
            helperText={
              formState.errors.apiEndPoint?.message ?? 'Write a path parameter in braces: /pets/{petId}'
            }
            slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
            sx={{ flex: 1 }}
          />
        </Stack>
        <Box aria-live="polite">
          <Typography variant="body2" color="text.secondary" component="span" sx={{ mr: 1 }}>
            Path parameters:
          </Typography>
          {preview.parameters.length === 0 ? (
            <Typography variant="body2" component="span" color="text.secondary">
              none
            </Typography>
          ) : (
            preview.parameters.map((name) => (
              <Chip key={name} label={name} size="small" sx={{ mr: 0.5, fontFamily: 'monospace' }} />
            ))
          )}
        </Box>
        <TextField
          label="Tag"
          placeholder="pets"
          {...register('apiTag')}
          helperText="Endpoints are grouped by tag in the sidebar"
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        <TextField
          label="Summary"
          {...register('summary')}
          slotProps={{ htmlInput: { maxLength: MAX_DESCRIPTION_LENGTH * 10 } }}
        />
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={saving}>
            {endpoint ? 'Save' : 'Add'}
          </Button>
        </Stack>
      </Stack>
    </AppDialog>
  );
}
