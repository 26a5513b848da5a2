import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack } from '@mui/material';
import { apiMessages, UPLOAD_FORM_RESET_MS } from '@sandbox/contracts';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { AppDialog } from '../../components/AppDialog';
import { ApiInfoFields, type ApiInfoValues, AuthRequiredField, ZApiInfoForm } from './ApiInfoFields';
import { failureMessage, useSaveApi } from './api';

// The New API form's fields and rules (spec §5), without a document.
const EMPTY: ApiInfoValues = {
  apiName: '',
  apiDescription: '',
  apiVersion: '',
  isAuthRequired: false,
};

/** Creates an API with no endpoints, then opens it to design them. */
export function StartEmptyDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const create = useSaveApi();
  const navigate = useNavigate();
  const {
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ApiInfoValues>({ resolver: zodResolver(ZApiInfoForm), defaultValues: EMPTY });

  const close = () => {
    onClose();
    // spec §9: the form resets shortly after, once the dialog has faded out.
    setTimeout(() => reset(EMPTY), UPLOAD_FORM_RESET_MS);
  };

  const onSubmit = handleSubmit(({ apiName, ...rest }) =>
    create.mutate(
      { ...rest, apiMasterName: apiName },
      {
        onSuccess: (api) => {
          toast.success(apiMessages.updateSuccess);
          close();
          navigate(`/request/${api.id}`);
        },
        onError: (error) => toast.error(failureMessage(error)),
      },
    ),
  );

  return (
    <AppDialog open={open} onClose={close} title="Start an empty API">
      <Stack component="form" noValidate spacing={2} onSubmit={onSubmit} sx={{ pt: 1 }}>
        <ApiInfoFields control={control} errors={errors} />
        <AuthRequiredField control={control} />
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
