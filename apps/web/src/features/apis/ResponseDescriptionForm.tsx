import { Button, Stack, TextField } from '@mui/material';
import { apiMessages, MAX_DESCRIPTION_LENGTH, messages, type ResponseConfig } from '@sandbox/contracts';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { useUpdateResponse } from './api';

export interface ResponseDescriptionFormProps {
  response: ResponseConfig & { id: number };
  readOnly: boolean;
}

/** Renames a response through the spec's update-response-code call. */
export function ResponseDescriptionForm({ response, readOnly }: ResponseDescriptionFormProps) {
  const update = useUpdateResponse();
  const [description, setDescription] = useState(response.responseDescription);
  const unchanged = description.trim() === response.responseDescription || description.trim() === '';

  const submit = () =>
    update.mutate(
      { id: response.id, code: response.responseCode, responseDescription: description.trim() },
      {
        onSuccess: () => toast.success(apiMessages.responseCodeUpdated),
        onError: () => toast.error(messages.somethingWrong),
      },
    );

  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
      <TextField
        label="Response Description"
        size="small"
        value={description}
        onChange={(event) => setDescription(event.target.value)}
        slotProps={{ htmlInput: { maxLength: MAX_DESCRIPTION_LENGTH } }}
        sx={{ flex: 1, maxWidth: 480 }}
      />
      <Button variant="outlined" onClick={submit} disabled={readOnly || unchanged || update.isPending}>
        Update Description
      </Button>
    </Stack>
  );
}
