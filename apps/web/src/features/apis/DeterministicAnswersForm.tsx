import { Button, Checkbox, FormControlLabel, Paper, Stack, TextField, Typography } from '@mui/material';
import { apiMessages, MAX_ANSWER_SEED, ZAnswerSeed } from '@sandbox/contracts';
import { type FormEvent, useState } from 'react';
import { toast } from 'react-toastify';
import { failureMessage, useSaveAnswerSeed } from './api';

export interface DeterministicAnswersFormProps {
  apiMasterId: string;
  /** The saved seed; null while the API answers randomly. */
  seed: number | null;
  readOnly: boolean;
}

/**
 * issue 12: an API can answer deterministically, its sandbox generating the same body for the same
 * request from a seed. A Viewer sees the setting but cannot change it (spec §6).
 */
export function DeterministicAnswersForm({ apiMasterId, seed, readOnly }: DeterministicAnswersFormProps) {
  const save = useSaveAnswerSeed(apiMasterId);
  const [deterministic, setDeterministic] = useState(seed !== null);
  const [text, setText] = useState(seed === null ? '' : String(seed));
  const [error, setError] = useState<string>();

  const toggle = (checked: boolean) => {
    setDeterministic(checked);
    setError(undefined);
    // a seed of its own to start from, which the user may change
    if (checked && text.trim() === '') setText(String(Math.floor(Math.random() * MAX_ANSWER_SEED)));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZAnswerSeed.safeParse({ seed: deterministic ? toNumber(text) : null });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    // Keyed by the saved seed, this form is replaced once a save lands, sometimes before a callback
    // of `mutate` would run: the toast follows the save itself, not the form's life.
    save.mutateAsync(parsed.data).then(
      () => toast.success(apiMessages.updated),
      (failure) => toast.error(failureMessage(failure)),
    );
  };

  return (
    <Paper variant="outlined" sx={{ px: 2, py: 1 }}>
      <Stack
        component="form"
        noValidate
        aria-label="Deterministic answers"
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'center' } }}
        onSubmit={onSubmit}
      >
        <FormControlLabel
          label="Deterministic answers"
          control={
            <Checkbox
              checked={deterministic}
              disabled={readOnly}
              onChange={(event) => toggle(event.target.checked)}
            />
          }
        />
        <TextField
          label="Seed"
          size="small"
          value={text}
          disabled={readOnly || !deterministic}
          onChange={(event) => {
            setText(event.target.value);
            setError(undefined);
          }}
          error={error !== undefined}
          helperText={error}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          sx={{ width: 160 }}
        />
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
          The same request gets the same generated body.
        </Typography>
        <Button type="submit" variant="contained" disabled={readOnly || save.isPending}>
          Use seed
        </Button>
      </Stack>
    </Paper>
  );
}

/** The typed seed as a number; not one (empty, letters) when it is not written as digits. */
function toNumber(text: string): number {
  return /^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN;
}
