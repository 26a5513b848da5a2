import { Paper, Stack, Typography } from '@mui/material';
import { type Behaviour, behaviourMessages, SIMULATED_FAILURES } from '@sandbox/contracts';
import { toast } from 'react-toastify';
import { failureMessage, useSaveBehaviour } from './api';
import { BehaviourForm } from './BehaviourForm';

export interface ApiBehaviourFormProps {
  apiMasterId: string;
  /** The API's default; null when it has none. */
  behaviour: Behaviour | null;
  readOnly: boolean;
}

/**
 * The API's default traffic simulation, for every endpoint without its own. A Viewer sees it but
 * cannot change it (spec §6).
 */
export function ApiBehaviourForm({ apiMasterId, behaviour, readOnly }: ApiBehaviourFormProps) {
  const save = useSaveBehaviour(apiMasterId);
  const run = (body: Behaviour | null) =>
    save.mutate(body, {
      onSuccess: () => toast.success(body === null ? behaviourMessages.removed : behaviourMessages.saved),
      onError: (failure) => toast.error(failureMessage(failure)),
    });

  return (
    <Paper variant="outlined" sx={{ px: 2, py: 1.5 }}>
      <Stack spacing={1}>
        <Typography variant="subtitle2">Default behaviour of endpoints without their own</Typography>
        <BehaviourForm
          key={JSON.stringify(behaviour)}
          name="API default behaviour"
          saved={behaviour}
          choices={SIMULATED_FAILURES.map((status) => ({ status, declared: false }))}
          saveLabel="Apply default"
          removeLabel="Remove default"
          readOnly={readOnly}
          pending={save.isPending}
          onSave={run}
          onRemove={() => run(null)}
        />
      </Stack>
    </Paper>
  );
}
