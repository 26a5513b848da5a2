import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Checkbox, FormControlLabel, Stack, TextField } from '@mui/material';
import {
  apiMessages,
  MAX_DESCRIPTION_LENGTH,
  MAX_NAME_LENGTH,
  UPLOAD_FORM_RESET_MS,
  ZApiMasterSave,
  ZApiVersion,
} from '@sandbox/contracts';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { AppDialog } from '../../components/AppDialog';
import { failureMessage } from '../apis/api';
import { capitaliseFirst, maskVersion } from '../apis/inputMasks';
import { useCreateEmptyApi } from './api';

// The New API form's fields and rules (spec §5), without a document.
const ZStartEmptyForm = z.object({
  apiMasterName: ZApiMasterSave.shape.apiMasterName,
  apiDescription: ZApiMasterSave.shape.apiDescription,
  apiVersion: ZApiVersion,
  isAuthRequired: z.boolean(),
});
type StartEmptyForm = z.infer<typeof ZStartEmptyForm>;

const EMPTY: StartEmptyForm = {
  apiMasterName: '',
  apiDescription: '',
  apiVersion: '',
  isAuthRequired: false,
};

/** Creates an API with no endpoints, then opens it to design them. */
export function StartEmptyDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const create = useCreateEmptyApi();
  const navigate = useNavigate();
  const {
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<StartEmptyForm>({ resolver: zodResolver(ZStartEmptyForm), defaultValues: EMPTY });

  const close = () => {
    onClose();
    // spec §9: the form resets shortly after, once the dialog has faded out.
    setTimeout(() => reset(EMPTY), UPLOAD_FORM_RESET_MS);
  };

  const onSubmit = handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: (api) => {
        toast.success(apiMessages.updateSuccess);
        close();
        navigate(`/request/${api.id}`);
      },
      onError: (error) => toast.error(failureMessage(error)),
    }),
  );

  return (
    <AppDialog open={open} onClose={close} title="Start an empty API">
      <Stack component="form" noValidate spacing={2} onSubmit={onSubmit} sx={{ pt: 1 }}>
        <Controller
          name="apiMasterName"
          control={control}
          render={({ field }) => (
            <TextField
              {...field}
              label="Name"
              required
              autoFocus
              onChange={(event) => field.onChange(capitaliseFirst(event.target.value))}
              error={Boolean(errors.apiMasterName)}
              helperText={errors.apiMasterName?.message}
              slotProps={{ htmlInput: { maxLength: MAX_NAME_LENGTH } }}
            />
          )}
        />
        <Controller
          name="apiDescription"
          control={control}
          render={({ field }) => (
            <TextField
              {...field}
              label="Description"
              required
              onChange={(event) => field.onChange(capitaliseFirst(event.target.value))}
              error={Boolean(errors.apiDescription)}
              helperText={errors.apiDescription?.message}
              slotProps={{ htmlInput: { maxLength: MAX_DESCRIPTION_LENGTH } }}
            />
          )}
        />
        <Controller
          name="apiVersion"
          control={control}
          render={({ field }) => (
            <TextField
              {...field}
              label="Version"
              required
              placeholder="1.0"
              onChange={(event) => field.onChange(maskVersion(event.target.value))}
              error={Boolean(errors.apiVersion)}
              helperText={errors.apiVersion?.message}
              slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 3 } }}
            />
          )}
        />
        <Controller
          name="isAuthRequired"
          control={control}
          render={({ field }) => (
            <FormControlLabel
              label="Is Auth Required"
              control={
                <Checkbox checked={field.value} onChange={(_event, checked) => field.onChange(checked)} />
              }
            />
          )}
        />
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={create.isPending}>
            Create
          </Button>
        </Stack>
      </Stack>
    </AppDialog>
  );
}
