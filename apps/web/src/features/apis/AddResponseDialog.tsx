import { zodResolver } from '@hookform/resolvers/zod';
import { Button, MenuItem, Stack, TextField } from '@mui/material';
import {
  apiMessages,
  type DesignResponseCreate,
  MAX_DESCRIPTION_LENGTH,
  ZDesignResponseCreate,
} from '@sandbox/contracts';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { AppDialog } from '../../components/AppDialog';
import { failureMessage } from './api';
import { useCreateDesignedResponse } from './designApi';
import { SchemaPicker } from './SchemaPicker';

export interface AddResponseDialogProps {
  open: boolean;
  onClose: () => void;
  apiMasterId: string;
  endpointId: string;
  statusCodes: Record<string, string>;
  existingCodes: string[];
}

const EMPTY: DesignResponseCreate = { statusCode: '', description: '', responseSchemaName: null };

export function AddResponseDialog({
  open,
  onClose,
  apiMasterId,
  endpointId,
  statusCodes,
  existingCodes,
}: AddResponseDialogProps) {
  const create = useCreateDesignedResponse(apiMasterId, endpointId);
  const { control, register, handleSubmit, reset, formState } = useForm<DesignResponseCreate>({
    resolver: zodResolver(ZDesignResponseCreate),
    defaultValues: EMPTY,
  });
  const codes = Object.entries(statusCodes).filter(([code]) => !existingCodes.includes(code));

  const close = () => {
    onClose();
    reset(EMPTY);
  };

  const onSubmit = handleSubmit((values) =>
    create.mutate(values, {
      // spec §4: the dialog closes after success.
      onSuccess: () => {
        toast.success(apiMessages.updated);
        close();
      },
      onError: (error) => toast.error(failureMessage(error)),
    }),
  );

  return (
    <AppDialog open={open} onClose={close} title="Add Response" maxWidth="xs">
      <Stack component="form" noValidate spacing={2} onSubmit={onSubmit} sx={{ pt: 1 }}>
        <Controller
          name="statusCode"
          control={control}
          render={({ field, fieldState }) => (
            <TextField
              select
              label="Status Code"
              required
              {...field}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message}
            >
              {codes.map(([code, text]) => (
                <MenuItem key={code} value={code}>
                  {code} {text}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <TextField
          label="Description"
          required
          {...register('description')}
          error={Boolean(formState.errors.description)}
          helperText={formState.errors.description?.message}
          slotProps={{ htmlInput: { maxLength: MAX_DESCRIPTION_LENGTH } }}
        />
        <Controller
          name="responseSchemaName"
          control={control}
          render={({ field }) => (
            <SchemaPicker
              apiMasterId={apiMasterId}
              label="Body Schema"
              value={field.value ?? null}
              onChange={field.onChange}
              disabled={create.isPending}
            />
          )}
        />
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={create.isPending}>
            Save
          </Button>
        </Stack>
      </Stack>
    </AppDialog>
  );
}
