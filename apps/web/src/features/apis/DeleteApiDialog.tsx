import { type ApiMaster, apiMessages, messages } from '@sandbox/contracts';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useDeleteApi } from './api';

export interface DeleteApiDialogProps {
  api: Pick<ApiMaster, 'id' | 'apiMasterName'> | null;
  onClose: () => void;
}

/** spec §4: deleting an API removes it from the list and returns to /dashboard. */
export function DeleteApiDialog({ api, onClose }: DeleteApiDialogProps) {
  const navigate = useNavigate();
  const remove = useDeleteApi();
  const confirm = () => {
    if (!api) return;
    remove.mutate(api.id, {
      onSuccess: () => {
        toast.success(apiMessages.deleteSuccess);
        navigate('/dashboard');
      },
      onError: () => toast.error(messages.somethingWrong),
      onSettled: onClose,
    });
  };
  return (
    <ConfirmDialog
      open={api !== null}
      title="Delete API"
      subtitle={`Delete "${api?.apiMasterName ?? ''}" and all its endpoints? This cannot be undone.`}
      submitText="Delete"
      onCancel={onClose}
      onSubmit={confirm}
      busy={remove.isPending}
    />
  );
}
