import { FormControlLabel, Paper, Switch, Typography } from '@mui/material';
import type { EndpointDetail } from '@sandbox/contracts';
import { toast } from 'react-toastify';
import { failureMessage, useSaveKeepMocked } from './api';

export interface KeepMockedSwitchProps {
  apiMasterId: string;
  endpoint: EndpointDetail;
  readOnly: boolean;
}

/**
 * issue 28: an API with an Upstream URL forwards every call; an endpoint kept mocked is answered by
 * the sandbox still, for a backend half built. A Viewer sees the switch but cannot change it.
 */
export function KeepMockedSwitch({ apiMasterId, endpoint, readOnly }: KeepMockedSwitchProps) {
  const save = useSaveKeepMocked(apiMasterId, String(endpoint.id));
  const kept = endpoint.keepMocked === true;
  return (
    <Paper variant="outlined" sx={{ px: 2, py: 1 }}>
      <FormControlLabel
        label="Keep mocked"
        control={
          <Switch
            checked={kept}
            disabled={readOnly || save.isPending}
            onChange={(event) =>
              save.mutate(event.target.checked, {
                onSuccess: (answer) => toast.success(answer.message),
                onError: (failure) => toast.error(failureMessage(failure)),
              })
            }
          />
        }
      />
      <Typography variant="body2" color="text.secondary">
        When the API has an Upstream URL, the sandbox answers this endpoint itself instead of forwarding it.
      </Typography>
    </Paper>
  );
}
