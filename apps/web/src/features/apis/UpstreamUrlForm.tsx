import { Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { ZUpstreamUrl } from '@sandbox/contracts';
import { type FormEvent, useState } from 'react';
import { toast } from 'react-toastify';
import { failureMessage, useSaveUpstreamUrl } from './api';

export interface UpstreamUrlFormProps {
  apiMasterId: string;
  /** The saved Upstream URL; null while the sandbox answers from the document. */
  upstreamUrl: string | null;
  readOnly: boolean;
}

/**
 * issue 28: with an Upstream URL, the API's sandbox forwards each call to that backend and checks the
 * request and the answer against the document, instead of mocking. A Viewer sees it but cannot change it.
 */
export function UpstreamUrlForm({ apiMasterId, upstreamUrl, readOnly }: UpstreamUrlFormProps) {
  const save = useSaveUpstreamUrl(apiMasterId);
  const [text, setText] = useState(upstreamUrl ?? '');
  const [error, setError] = useState<string>();

  const send = (value: string | null) => {
    const parsed = ZUpstreamUrl.safeParse({ upstreamUrl: value });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    // keyed by the saved URL, the form is replaced once a save lands: the toast follows the save
    save.mutateAsync(parsed.data).then(
      (answer) => toast.success(answer.message),
      (failure) => {
        setError(failureMessage(failure));
        toast.error(failureMessage(failure));
      },
    );
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send(text.trim() === '' ? null : text.trim());
  };

  return (
    <Paper variant="outlined" sx={{ px: 2, py: 1.5 }}>
      <Stack
        component="form"
        noValidate
        aria-label="Upstream URL"
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'flex-start' } }}
        onSubmit={onSubmit}
      >
        <TextField
          label="Upstream URL"
          size="small"
          placeholder="https://api.example.com/v1"
          value={text}
          disabled={readOnly}
          onChange={(event) => {
            setText(event.target.value);
            setError(undefined);
          }}
          error={error !== undefined}
          helperText={
            error ??
            (upstreamUrl
              ? 'Calls to the sandbox address are forwarded here; both sides are checked against the document.'
              : 'Set it to forward calls to your backend and check both sides, instead of mocking.')
          }
          slotProps={{ htmlInput: { inputMode: 'url' } }}
          sx={{ flex: 1, minWidth: 260 }}
        />
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" disabled={readOnly || save.isPending}>
            Save
          </Button>
          {upstreamUrl !== null && (
            <Button variant="text" disabled={readOnly || save.isPending} onClick={() => send(null)}>
              Mock again
            </Button>
          )}
        </Stack>
      </Stack>
      {upstreamUrl !== null && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Endpoints kept mocked in their Behaviour tab are still answered by the sandbox.
        </Typography>
      )}
    </Paper>
  );
}
