import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack, TextField, ToggleButton, ToggleButtonGroup } from '@mui/material';
import {
  apiFormMessages,
  apiMessages,
  UPLOAD_FORM_RESET_MS,
  ZApiVersion,
  ZImportFields,
} from '@sandbox/contracts';
import { useRef } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { AppDialog } from '../../components/AppDialog';
import { ApiInfoFields, AuthRequiredField } from './ApiInfoFields';
import { importFailureMessage, useImportApi } from './api';
import { type DocumentInfo, readDocumentInfo } from './documentInfo';
import { ImportFileField } from './ImportFileField';
import { ImportWarningsNotice } from './ImportWarningsNotice';
import { hasImportExtension, type ImportSource, importUrlMessages, isImportUrl } from './importFile';

// spec §5 New API: the contract's fields, a real boolean for the checkbox, and the document: a
// chosen file, or the URL the server fetches it from.
const ZNewApiForm = z
  .object({
    apiName: ZImportFields.shape.apiName,
    apiDescription: ZImportFields.shape.apiDescription,
    apiVersion: ZApiVersion,
    isAuthRequired: z.boolean(),
    source: z.enum(['file', 'url']),
    multipartFile: z.custom<File | null>(),
    url: z.string(),
  })
  // checked alongside the fields' own rules, so an empty form shows every message at once
  .superRefine(
    ({ source, multipartFile, url }, context) => {
      if (source === 'file') {
        if (!(multipartFile instanceof File))
          context.addIssue({
            code: 'custom',
            path: ['multipartFile'],
            message: apiFormMessages.fileRequired,
          });
        else if (!hasImportExtension(multipartFile.name))
          context.addIssue({
            code: 'custom',
            path: ['multipartFile'],
            message: apiFormMessages.invalidFileFormat,
          });
      } else if ((url ?? '').trim() === '') {
        context.addIssue({ code: 'custom', path: ['url'], message: importUrlMessages.urlRequired });
      } else if (!isImportUrl(url)) {
        context.addIssue({ code: 'custom', path: ['url'], message: importUrlMessages.invalidUrl });
      }
    },
    { when: () => true },
  );
type NewApiForm = z.input<typeof ZNewApiForm>;

const EMPTY: NewApiForm = {
  apiName: '',
  apiDescription: '',
  apiVersion: '',
  isAuthRequired: false,
  source: 'file',
  multipartFile: null,
  url: '',
};

export function NewApiDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const importApi = useImportApi();
  const {
    control,
    handleSubmit,
    reset,
    getValues,
    setValue,
    watch,
    formState: { errors },
  } = useForm<NewApiForm>({ resolver: zodResolver(ZNewApiForm), defaultValues: EMPTY });
  const source = watch('source');

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
    // the server reads a Postman Collection or an OpenAPI document alike, from a file or a URL
    if (values.source === 'url') form.append('url', values.url.trim());
    else if (values.multipartFile) form.append('multipartFile', values.multipartFile);
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
        <ApiInfoFields control={control} errors={errors} />
        <Controller
          name="source"
          control={control}
          render={({ field }) => (
            <ToggleButtonGroup
              exclusive
              size="small"
              aria-label="Document source"
              value={field.value}
              onChange={(_event, value: ImportSource | null) => value && field.onChange(value)}
            >
              <ToggleButton value="file">From a file</ToggleButton>
              <ToggleButton value="url">From a URL</ToggleButton>
            </ToggleButtonGroup>
          )}
        />
        {source === 'file' ? (
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
        ) : (
          <Controller
            name="url"
            control={control}
            render={({ field }) => (
              <TextField
                {...field}
                label="Document URL"
                type="url"
                required
                placeholder="https://example.com/openapi.json"
                error={Boolean(errors.url)}
                helperText={
                  errors.url?.message ?? 'OpenAPI, Swagger or Postman Collection, fetched by the server'
                }
              />
            )}
          />
        )}
        <AuthRequiredField control={control} />
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
