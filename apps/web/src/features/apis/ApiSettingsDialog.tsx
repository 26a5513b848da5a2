import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack } from '@mui/material';
import { type ApiMaster, apiMessages, messages } from '@sandbox/contracts';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { AppDialog } from '../../components/AppDialog';
import { ApiInfoFields, type ApiInfoValues, AuthRequiredField, ZApiInfoForm } from './ApiInfoFields';
import { useSaveApi } from './api';

export interface ApiSettingsDialogProps {
  api: Pick<ApiMaster, 'id' | 'apiMasterName' | 'apiDescription' | 'apiVersion' | 'isAuthRequired'>;
  onClose: () => void;
}

/**
 * An API's name, description, version and Is Auth Required, changed after it was created under the
 * New API form's rules (spec §5). A deployed sandbox follows at once: its auth is the saved one.
 */
export function ApiSettingsDialog({ api, onClose }: ApiSettingsDialogProps) {
  const save = useSaveApi();
  const {
    control,
    handleSubmit,
    formState: { errors, isDirty },
  } = useForm<ApiInfoValues>({
    resolver: zodResolver(ZApiInfoForm),
    defaultValues: {
      apiName: api.apiMasterName,
      apiDescription: api.apiDescription,
      apiVersion: api.apiVersion,
      isAuthRequired: api.isAuthRequired,
    },
  });

  const onSubmit = handleSubmit(({ apiName, ...rest }) =>
    save.mutate(
      { id: api.id, apiMasterName: apiName, ...rest },
      {
        onSuccess: () => {
          toast.success(apiMessages.updateSuccess);
          onClose();
        },
        // spec §8: an update's failure is the generic message
        onError: () => toast.error(messages.somethingWrong),
      },
    ),
  );

  return (
    <AppDialog open onClose={onClose} title="API Settings">
      <Stack component="form" noValidate spacing={2} onSubmit={onSubmit} sx={{ pt: 1 }}>
        <ApiInfoFields control={control} errors={errors} />
        <AuthRequiredField control={control} />
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={!isDirty || save.isPending}>
            Save
          </Button>
        </Stack>
      </Stack>
    </AppDialog>
  );
}
