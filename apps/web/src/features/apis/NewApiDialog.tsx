import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Checkbox, FormControlLabel, Stack, TextField } from '@mui/material';
import {
  apiFormMessages,
  apiMessages,
  MAX_DESCRIPTION_LENGTH,
  MAX_NAME_LENGTH,
  UPLOAD_FORM_RESET_MS,
  ZApiVersion,
  ZImportFields,
} from '@sandbox/contracts';
import { useRef } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { AppDialog } from '../../components/AppDialog';
import { importFailureMessage, useImportApi } from './api';
import { type DocumentInfo, readDocumentInfo } from './documentInfo';
import { ImportFileField } from './ImportFileField';
import { ImportWarningsNotice } from './ImportWarningsNotice';
import { hasImportExtension } from './importFile';
import { capitaliseFirst, maskVersion } from './inputMasks';

// spec §5 New API: the contract's fields, a real boolean for the checkbox and the chosen file.
const ZNewApiForm = z.object({
  apiName: ZImportFields.shape.apiName,
  apiDescription: ZImportFields.shape.apiDescription,
  apiVersion: ZApiVersion,
  isAuthRequired: z.boolean(),
  multipartFile: z
    .custom<File>((value) => value instanceof File, apiFormMessages.fileRequired)
    .refine((file) => hasImportExtension(file.name), apiFormMessages.invalidFileFormat),
});
type NewApiForm = z.input<typeof ZNewApiForm>;

const EMPTY: NewApiForm = {
  apiName: '',
  apiDescription: '',
  apiVersion: '',
  isAuthRequired: false,
  multipartFile: undefined as unknown as File,
};

export function NewApiDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const importApi = useImportApi();
  const {
    control,
    handleSubmit,
    reset,
    getValues,
    setValue,
    formState: { errors },
  } = useForm<NewApiForm>({ resolver: zodResolver(ZNewApiForm), defaultValues: EMPTY });

  // What the last chosen document filled in: replaced by the next one, unless the user edited it.
  const prefilled = useRef<DocumentInfo>({});
  const chosenFile = useRef<File | null>(null);
  const prefillFrom = async (file: File) => {
    chosenFile.current = file;
    // a file that cannot be read leaves the fields to the user, as before a file was chosen
    const info = await readDocumentInfo(file).catch((): DocumentInfo => ({}));
    if (chosenFile.current !== file) return;
    for (const name of ['apiName', 'apiDescription', 'apiVersion'] as const) {
      const value = info[name];
      const current = getValues(name);
      if (value && (current === '' || current === prefilled.current[name]))
        setValue(name, value, { shouldDirty: true, shouldValidate: Boolean(errors[name]) });
    }
    prefilled.current = info;
  };

  const close = () => {
    onClose();
    // spec §9: the form resets shortly after, once the dialog has faded out.
    setTimeout(() => {
      reset(EMPTY);
      prefilled.current = {};
      chosenFile.current = null;
    }, UPLOAD_FORM_RESET_MS);
  };

  const onSubmit = handleSubmit((values) => {
    const form = new FormData();
    form.append('apiName', values.apiName);
    form.append('apiDescription', values.apiDescription);
    form.append('apiVersion', values.apiVersion);
    form.append('isAuthRequired', String(values.isAuthRequired));
    form.append('multipartFile', values.multipartFile);
    importApi.mutate(form, {
      onSuccess: ({ warnings }) => {
        toast.success(apiMessages.importSuccess);
        // left up until closed: a list of what was skipped takes longer to read than a toast lasts
        if (warnings.length > 0)
          toast.warning(<ImportWarningsNotice warnings={warnings} />, { autoClose: false });
        close();
      },
      onError: (error) => toast.error(importFailureMessage(error)),
    });
  });

  return (
    <AppDialog open={open} onClose={close} title="New API">
      <Stack component="form" noValidate spacing={2} onSubmit={onSubmit} sx={{ pt: 1 }}>
        <Controller
          name="apiName"
          control={control}
          render={({ field }) => (
            <TextField
              {...field}
              label="Name"
              required
              autoFocus
              onChange={(event) => field.onChange(capitaliseFirst(event.target.value))}
              error={Boolean(errors.apiName)}
              helperText={errors.apiName?.message}
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
          name="multipartFile"
          control={control}
          render={({ field, fieldState }) => (
            <ImportFileField
              file={field.value ?? null}
              onChange={(file) => {
                field.onChange(file);
                // spec §5: the document's info prefills the fields above, which stay editable
                if (file) void prefillFrom(file);
              }}
              error={fieldState.error?.message}
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
          <Button type="submit" variant="contained" disabled={importApi.isPending}>
            Import
          </Button>
        </Stack>
      </Stack>
    </AppDialog>
  );
}
