import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Button, FormControl, FormHelperText, Stack, Typography } from '@mui/material';
import { apiFormMessages } from '@sandbox/contracts';
import { type ChangeEvent, useId, useState } from 'react';
import { toast } from 'react-toastify';
import { hasImportExtension, IMPORT_FILE_ACCEPT } from './importFile';

export interface ImportFileFieldProps {
  file: File | null;
  onChange: (file: File | null) => void;
  error?: string;
}

/**
 * The New API file chooser: an OpenAPI or Swagger document or a Postman Collection (.json), refused
 * at once when its extension is wrong.
 */
export function ImportFileField({ file, onChange, error }: ImportFileFieldProps) {
  const helperId = useId();
  const [refused, setRefused] = useState(false);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    // Clearing the input lets the same file be chosen again after a fix.
    event.target.value = '';
    if (chosen && !hasImportExtension(chosen.name)) {
      toast.error(apiFormMessages.invalidFileFormat);
      setRefused(true);
      onChange(null);
      return;
    }
    setRefused(false);
    onChange(chosen);
  };

  const message = refused ? apiFormMessages.invalidFileFormat : error;
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
