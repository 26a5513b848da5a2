import { type ApiMaster, apiMessages, messages } from '@sandbox/contracts';
import { toast } from 'react-toastify';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { isHttpError } from '../../lib/http';
import { useDeployApi } from './api';

export interface DeployApiDialogProps {
  api: Pick<ApiMaster, 'id' | 'apiMasterName'> | null;
  onClose: () => void;
}

/** spec §4: Not Deployed → Deployed, after confirmation, from the table switch or the sidebar menu. */
export function DeployApiDialog({ api, onClose }: DeployApiDialogProps) {
  const deploy = useDeployApi();
  const confirm = () => {
    if (!api) return;
    deploy.mutate(api.id, {
      onSuccess: () => toast.success(apiMessages.deploySuccess),
      onError: (error) =>
        toast.error(isHttpError(error, 409) ? apiMessages.alreadyDeployed : messages.somethingWrong),
      onSettled: onClose,
    });
  };
  return (
    <ConfirmDialog
      open={api !== null}
      title="Deploy API"
      subtitle={`Deploy "${api?.apiMasterName ?? ''}" to the sandbox? A deployed API cannot be undeployed.`}
      submitText="Deploy"
      onCancel={onClose}
      onSubmit={confirm}
      busy={deploy.isPending}
    />
  );
}
