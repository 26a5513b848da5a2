import KeyIcon from '@mui/icons-material/Key';
import { Button, MenuItem, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useTeamApis } from './api';

export interface GenerateTokenFormProps {
  disabled: boolean;
  onGenerate: (apiMasterId: number) => void;
}

/** Picks one of the team's APIs and asks for a new token for it. */
export function GenerateTokenForm({ disabled, onGenerate }: GenerateTokenFormProps) {
  const apis = useTeamApis();
  const [apiMasterId, setApiMasterId] = useState('');
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <TextField
        select
        size="small"
        label="API"
        value={apiMasterId}
        onChange={(event) => setApiMasterId(event.target.value)}
        disabled={disabled}
        sx={{ minWidth: 220 }}
      >
        {(apis.data ?? []).map((api) => (
          <MenuItem key={api.id} value={String(api.id)}>
            {api.apiMasterName}
          </MenuItem>
        ))}
      </TextField>
      <Button
        variant="contained"
        startIcon={<KeyIcon />}
        disabled={disabled || apiMasterId === ''}
        onClick={() => onGenerate(Number(apiMasterId))}
      >
        Generate Token
      </Button>
    </Stack>
  );
}
