import { designMessages, type EndpointSummary } from '@sandbox/contracts';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { designFailureMessage, useDeleteEndpoint } from './designApi';

export interface DeleteEndpointDialogProps {
  apiMasterId: string;
  endpoint: Pick<EndpointSummary, 'id' | 'methodType' | 'apiEndPoint'> | null;
  onClose: () => void;
}

/** Removes an endpoint after a confirmation, then shows its API. */
export function DeleteEndpointDialog({ apiMasterId, endpoint, onClose }: DeleteEndpointDialogProps) {
  const navigate = useNavigate();
  const remove = useDeleteEndpoint(apiMasterId);
  // awaited rather than told: the screen showing the endpoint goes with it
  const confirm = async () => {
    if (!endpoint) return;
    try {
      await remove.mutateAsync(endpoint.id);
      toast.success(designMessages.endpointRemoved);
      navigate(`/request/${apiMasterId}`);
    } catch (error) {
      toast.error(designFailureMessage(error));
    } finally {
      onClose();
    }
  };
  return (
    <ConfirmDialog
      open={endpoint !== null}
      title="Delete Endpoint"
      subtitle={`Delete ${endpoint?.methodType ?? ''} ${endpoint?.apiEndPoint ?? ''} with its parameters, responses and test data? This cannot be undone.`}
      submitText="Delete"
      onCancel={onClose}
      onSubmit={confirm}
      busy={remove.isPending}
    />
  );
}
