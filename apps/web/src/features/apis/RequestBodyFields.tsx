import { FormControlLabel, FormHelperText, MenuItem, Stack, Switch, TextField } from '@mui/material';
import { useId } from 'react';
import { requestMediaTypeOptions } from './requestMediaTypes';

export interface RequestBodyShape {
  contentType: string;
  isRequired: boolean;
}

export interface RequestBodyFieldsProps {
  value: RequestBodyShape;
  onChange: (change: Partial<RequestBodyShape>) => void;
  disabled: boolean;
  /** Why both controls cannot change: shown under them and read with each. */
  disabledReason?: string;
}

/** The request body's media type and whether a call must send it. */
export function RequestBodyFields({ value, onChange, disabled, disabledReason }: RequestBodyFieldsProps) {
  const reasonId = useId();
  const describedBy = disabledReason ? reasonId : undefined;
  return (
    <Stack>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label="Media Type"
          value={value.contentType}
          disabled={disabled}
          onChange={(event) => onChange({ contentType: event.target.value })}
          slotProps={{ select: { SelectDisplayProps: { 'aria-describedby': describedBy } } }}
          sx={{ width: 300 }}
        >
          {requestMediaTypeOptions(value.contentType).map((type) => (
            <MenuItem key={type} value={type}>
              {type}
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel
          label="Required"
          control={
            <Switch
              checked={value.isRequired}
              disabled={disabled}
              onChange={(event) => onChange({ isRequired: event.target.checked })}
              slotProps={{ input: { 'aria-describedby': describedBy } }}
            />
          }
        />
      </Stack>
      {disabledReason && <FormHelperText id={reasonId}>{disabledReason}</FormHelperText>}
    </Stack>
  );
}
