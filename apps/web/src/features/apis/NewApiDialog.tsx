import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack } from '@mui/material';
import { apiMessages, UPLOAD_FORM_RESET_MS, ZApiVersion, ZImportFields } from '@sandbox/contracts';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { AppDialog } from '../../components/AppDialog';
import { ApiInfoFields, AuthRequiredField } from './ApiInfoFields';
import { importFailureMessage, useImportApi } from './api';
import { DocumentSourceFields } from './DocumentSourceFields';
import { type DocumentInfo, readDocumentInfo } from './documentInfo';
import {
  appendDocument,
  checkDocumentSource,
  EMPTY_SOURCE,
  sourceField,
  ZDocumentSource,
} from './documentSource';
import { ImportWarningsNotice } from './ImportWarningsNotice';

// spec §5 New API: the contract's fields, a real boolean for the checkbox, and the document: a
// chosen file, or the URL the server fetches it from.
const ZNewApiForm = z
  .object({
    apiName: ZImportFields.shape.apiName,
    apiDescription: ZImportFields.shape.apiDescription,
    apiVersion: ZApiVersion,
    isAuthRequired: z.boolean(),
    ...ZDocumentSource.shape,
  })
  // checked alongside the fields' own rules, so an empty form shows every message at once
  .superRefine(checkDocumentSource, { when: () => true });
type NewApiForm = z.input<typeof ZNewApiForm>;

const EMPTY: NewApiForm = {
  apiName: '',
  apiDescription: '',
  apiVersion: '',
  isAuthRequired: false,
  ...EMPTY_SOURCE,
};

export function NewApiDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const importApi = useImportApi();
  const {
    control,
    handleSubmit,
    reset,
    getValues,
    setValue,
    setError,
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
    appendDocument(form, values);
    importApi.mutate(form, {
      onSuccess: ({ warnings }) => {
        toast.success(apiMessages.importSuccess);
        // it closes as other toasts do: the API's page keeps the list
        if (warnings.length > 0) toast.warning(<ImportWarningsNotice warnings={warnings} />);
        close();
      },
      onError: (error) => {
        const message = importFailureMessage(error);
        toast.error(message);
        // and beside the document's field, until the document is changed
        setError(sourceField(values), { message });
      },
    });
  });

  return (
    <AppDialog open={open} onClose={close} title="New API">
      <Stack component="form" noValidate spacing={2} onSubmit={onSubmit} sx={{ pt: 1 }}>
        <ApiInfoFields control={control} errors={errors} />
        <DocumentSourceFields
          control={control}
          // spec §5: the document's info prefills the fields above, which stay editable
          onFileChosen={(file) => void prefillFrom(file)}
        />
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
