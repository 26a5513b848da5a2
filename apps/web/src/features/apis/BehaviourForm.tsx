import { Button, Checkbox, FormControlLabel, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { type Behaviour, MAX_SIMULATED_DELAY_MS, ZBehaviour } from '@sandbox/contracts';
import { type FormEvent, useState } from 'react';

/** Names of the statuses a simulated failure answers with when the endpoint does not declare them. */
const FAILURE_NAMES: Record<number, string> = {
  0: 'Drop the connection',
  500: '500 Internal Server Error',
  502: '502 Bad Gateway',
  503: '503 Service Unavailable',
  504: '504 Gateway Timeout',
};

export interface FailureChoice {
  status: number;
  /** The endpoint declares it: it answers with the declared response. */
  declared: boolean;
}

export interface BehaviourFormProps {
  /** The form's accessible name. */
  name: string;
  /** What is set; null when nothing is (the fields then start from `startFrom`, else from nothing). */
  saved: Behaviour | null;
  startFrom?: Behaviour | null;
  choices: FailureChoice[];
  saveLabel: string;
  removeLabel: string;
  readOnly: boolean;
  pending: boolean;
  onSave: (behaviour: Behaviour) => void;
  onRemove: () => void;
}

const choiceLabel = ({ status, declared }: FailureChoice) =>
  declared ? `${status} as declared` : (FAILURE_NAMES[status] ?? String(status));

/**
 * Traffic simulation's fields: a delay (fixed, or random in a range) and a share of calls answered
 * with a failure status. Checked by the contract's schema before it is sent.
 */
export function BehaviourForm(props: BehaviourFormProps) {
  const { saved, choices, readOnly, pending } = props;
  const initial = saved ?? props.startFrom ?? null;
  const [delay, setDelay] = useState(String(initial?.delayMs ?? 0));
  const [ranged, setRanged] = useState(initial?.delayMaxMs != null);
  const [delayMax, setDelayMax] = useState(String(initial?.delayMaxMs ?? ''));
  const [rate, setRate] = useState(String(initial?.failureRate ?? 0));
  const [status, setStatus] = useState(String(initial?.failureStatus ?? choices[0]?.status ?? 500));
  const [error, setError] = useState<{ field: string; message: string }>();
  // a status kept from before (an import, a response since removed) stays shown
  const listed = choices.some((c) => String(c.status) === status)
    ? choices
    : [...choices, { status: Number(status), declared: false }];

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZBehaviour.safeParse({
      delayMs: toNumber(delay),
      delayMaxMs: ranged ? toNumber(delayMax) : null,
      failureRate: toNumber(rate),
      failureStatus: Number(status),
    });
    if (!parsed.success) {
      const [issue] = parsed.error.issues;
      setError({ field: String(issue?.path[0] ?? ''), message: issue?.message ?? 'Invalid behaviour' });
      return;
    }
    setError(undefined);
    props.onSave(parsed.data);
  };

  const fieldError = (field: string) =>
    error?.field === field ? { error: true, helperText: error.message } : {};
  const edit = (set: (value: string) => void) => (event: { target: { value: string } }) => {
    set(event.target.value);
    setError(undefined);
  };
  const number = { htmlInput: { inputMode: 'numeric' as const } };

  return (
    <Stack component="form" noValidate aria-label={props.name} spacing={2} onSubmit={onSubmit}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          label="Delay (ms)"
          size="small"
          value={delay}
          disabled={readOnly}
          onChange={edit(setDelay)}
          slotProps={number}
          sx={{ width: 160 }}
          {...fieldError('delayMs')}
        />
        <FormControlLabel
          label="Random delay in a range"
          control={
            <Checkbox
              checked={ranged}
              disabled={readOnly}
              onChange={(event) => {
                setRanged(event.target.checked);
                if (event.target.checked && delayMax === '') setDelayMax(delay);
              }}
            />
          }
        />
        <TextField
          label="Up to (ms)"
          size="small"
          value={delayMax}
          disabled={readOnly || !ranged}
          onChange={edit(setDelayMax)}
          slotProps={number}
          sx={{ width: 160 }}
          {...fieldError('delayMaxMs')}
        />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          label="Failure rate (%)"
          size="small"
          value={rate}
          disabled={readOnly}
          onChange={edit(setRate)}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          sx={{ width: 160 }}
          {...fieldError('failureRate')}
        />
        <TextField
          select
          label="Failure status"
          size="small"
          value={status}
          disabled={readOnly}
          onChange={edit(setStatus)}
          sx={{ minWidth: 260 }}
          {...fieldError('failureStatus')}
        >
          {listed.map((choice) => (
            <MenuItem key={choice.status} value={String(choice.status)}>
              {choiceLabel(choice)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        Delays up to {MAX_SIMULATED_DELAY_MS / 1000} s. A request with the header x-sandbox-simulation: off is
        answered without them.
      </Typography>
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" disabled={readOnly || pending}>
          {props.saveLabel}
        </Button>
        {saved && (
          <Button variant="outlined" disabled={readOnly || pending} onClick={props.onRemove}>
            {props.removeLabel}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}

/** The typed text as a number; not one (NaN) when it is empty or not written as a number. */
function toNumber(text: string): number {
  return /^\s*\d+(\.\d+)?\s*$/.test(text) ? Number(text) : Number.NaN;
}
