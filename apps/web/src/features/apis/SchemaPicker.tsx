import AddIcon from '@mui/icons-material/Add';
import { Button, MenuItem, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useApiDetail } from './api';
import { CreateSchemaDialog } from './CreateSchemaDialog';

export interface SchemaPickerProps {
  apiMasterId: string;
  label: string;
  value: string | null;
  /** null: no body. */
  onChange: (schemaName: string | null) => void;
  disabled: boolean;
}

/** Chooses the named schema a body is, or builds a new one on the spot and chooses it. */
export function SchemaPicker({ apiMasterId, label, value, onChange, disabled }: SchemaPickerProps) {
  const schemaNames = (useApiDetail(apiMasterId).data?.schemaMasterList ?? []).map((s) => s.schemaName);
  const [creating, setCreating] = useState(false);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <TextField
        select
        size="small"
        label={label}
        value={value ?? ''}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value === '' ? null : event.target.value)}
        sx={{ width: 240 }}
      >
        <MenuItem value="">
          <em>No body</em>
        </MenuItem>
        {schemaNames.map((name) => (
          <MenuItem key={name} value={name}>
            {name}
          </MenuItem>
        ))}
      </TextField>
      <Button startIcon={<AddIcon />} disabled={disabled} onClick={() => setCreating(true)}>
        New Schema
      </Button>
      <CreateSchemaDialog
        open={creating}
        onClose={() => setCreating(false)}
        apiMasterId={apiMasterId}
        schemaNames={schemaNames}
        onCreated={(schema) => onChange(schema.schemaName)}
      />
    </Stack>
  );
}
