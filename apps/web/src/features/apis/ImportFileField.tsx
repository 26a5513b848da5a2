import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Button, FormControl, FormHelperText, Stack, Typography } from '@mui/material';
import { type ChangeEvent, useId, useState } from 'react';
import { toast } from 'react-toastify';
import { IMPORT_FILE_ACCEPT, importFileRefusal } from './importFile';

export interface ImportFileFieldProps {
  file: File | null;
  onChange: (file: File | null) => void;
  error?: string;
}

/**
 * The import file chooser: an OpenAPI or Swagger document or a Postman Collection, refused at once
 * when its extension is wrong or it is over the import's size limit. Why it was refused, here or by
 * the server (`error`), stays under the field until another file is chosen.
 */
export function ImportFileField({ file, onChange, error }: ImportFileFieldProps) {
  const helperId = useId();
  const [refusal, setRefusal] = useState<string>();

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    // Clearing the input lets the same file be chosen again after a fix.
    event.target.value = '';
    const refused = chosen ? importFileRefusal(chosen) : undefined;
    setRefusal(refused);
    if (refused) toast.error(refused);
    onChange(refused ? null : chosen);
  };

  const message = refusal ?? error;
  return (
    <FormControl error={Boolean(message)}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Button component="label" variant="outlined" startIcon={<UploadFileIcon />}>
          Choose File
          <input
            type="file"
            hidden
            accept={IMPORT_FILE_ACCEPT}
            aria-label="OpenAPI document"
            aria-describedby={message ? helperId : undefined}
            onChange={choose}
          />
        </Button>
        <Typography variant="body2" color="text.secondary" data-testid="chosen-file">
          {file?.name ?? 'No file chosen'}
        </Typography>
      </Stack>
      {message && <FormHelperText id={helperId}>{message}</FormHelperText>}
    </FormControl>
  );
}
