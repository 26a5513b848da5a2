import { Alert, Stack } from '@mui/material';
import {
  type Behaviour,
  behaviourMessages,
  type EndpointDetail,
  SIMULATED_FAILURES,
} from '@sandbox/contracts';
import { toast } from 'react-toastify';
import { failureMessage, useSaveBehaviour } from './api';
import { BehaviourForm, type FailureChoice } from './BehaviourForm';
import { KeepMockedSwitch } from './KeepMockedSwitch';

export interface EndpointBehaviourPanelProps {
  apiMasterId: string;
  endpoint: EndpointDetail;
  readOnly: boolean;
}

/** What a behaviour does, in a line. */
export function describeBehaviour(b: Behaviour): string {
  const delay =
    b.delayMaxMs !== null
      ? `${b.delayMs}–${b.delayMaxMs} ms delay`
      : b.delayMs > 0
        ? `${b.delayMs} ms delay`
        : 'no delay';
  const failure = b.failureStatus === 0 ? 'a dropped connection' : String(b.failureStatus);
  return b.failureRate > 0
    ? `${delay}, ${b.failureRate}% of calls fail with ${failure}`
    : `${delay}, no failures`;
}

/**
 * The endpoint's traffic simulation: a delay and a share of failures its sandbox adds. Without its own,
 * the API's default applies, and the panel says so. A Viewer sees it but cannot change it (spec §6).
 */
export function EndpointBehaviourPanel({ apiMasterId, endpoint, readOnly }: EndpointBehaviourPanelProps) {
  const save = useSaveBehaviour(apiMasterId, String(endpoint.id));
  const own = endpoint.behaviour ?? null;
  const inherited = endpoint.apiBehaviour ?? null;
  const declared = endpoint.responseConfigList
    .map((r) => r.responseCode)
    .filter((code) => /^[2-5]\d\d$/.test(code))
    .map(Number);
  const choices: FailureChoice[] = [
    ...declared.map((status) => ({ status, declared: true })),
    ...SIMULATED_FAILURES.filter((s) => s === 0 || !declared.includes(s)).map((status) => ({
      status,
      declared: false,
    })),
  ];
  // the simulated server errors first, then what the endpoint declares, the dropped connection last
  choices.sort((a, b) => rank(a) - rank(b));

  const run = (body: Behaviour | null) =>
    save.mutate(body, {
      onSuccess: () => toast.success(body === null ? behaviourMessages.removed : behaviourMessages.saved),
      onError: (failure) => toast.error(failureMessage(failure)),
    });

  return (
    <Stack spacing={2}>
      <KeepMockedSwitch apiMasterId={apiMasterId} endpoint={endpoint} readOnly={readOnly} />
      {own === null && (
        <Alert severity="info">
          {inherited
            ? `From the API's default: ${describeBehaviour(inherited)}. Saving gives this endpoint its own.`
            : 'No behaviour: answered at once, never failing.'}
        </Alert>
      )}
      <BehaviourForm
        // starts again from what the server holds once it changes
        key={JSON.stringify([own, inherited])}
        name="Endpoint behaviour"
        saved={own}
        startFrom={inherited}
        choices={choices}
        saveLabel="Save behaviour"
        removeLabel="Remove behaviour"
        readOnly={readOnly}
        pending={save.isPending}
        onSave={run}
        onRemove={() => run(null)}
      />
    </Stack>
  );
}

function rank({ status, declared }: FailureChoice): number {
  if (status === 0) return 10_000;
  return declared ? 1000 + status : status;
}
