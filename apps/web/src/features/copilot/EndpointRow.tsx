import { Box, Button, MenuItem, TextField } from '@mui/material';
import {
  COPILOT_ENDPOINT_DESCRIPTION_MAX,
  COPILOT_URL_MAX,
  type CopilotRequest,
  HTTP_METHODS,
} from '@sandbox/contracts';
import { type Control, Controller } from 'react-hook-form';

interface EndpointRowProps {
  index: number;
  control: Control<CopilotRequest>;
  readOnly: boolean;
  onAdd: () => void;
  onRemove: () => void;
}

/** spec §2: one endpoint row; the first adds rows ("+"), the others remove themselves ("-"). */
export function EndpointRow({ index, control, readOnly, onAdd, onRemove }: EndpointRowProps) {
  const first = index === 0;
  return (
    <Box
      role="group"
      aria-label={`Endpoint ${index + 1}`}
      sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}
    >
      <Controller
        name={`endpoints.${index}.method`}
        control={control}
        render={({ field }) => (
          <TextField select label="Request Method" size="small" {...field} sx={{ width: 150 }}>
            {HTTP_METHODS.map((method) => (
              <MenuItem key={method} value={method}>
                {method}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Controller
        name={`endpoints.${index}.url`}
        control={control}
        render={({ field, fieldState }) => (
          <TextField
            label="URL Path"
            size="small"
            placeholder="/users/{id}"
            {...field}
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message}
            slotProps={{ htmlInput: { maxLength: COPILOT_URL_MAX } }}
            sx={{ width: 260 }}
          />
        )}
      />
      <Controller
        name={`endpoints.${index}.description`}
        control={control}
        render={({ field }) => (
          <TextField
            label="Description"
            size="small"
            placeholder="Create a user with name, email and age"
            {...field}
            value={field.value ?? ''}
            slotProps={{ htmlInput: { maxLength: COPILOT_ENDPOINT_DESCRIPTION_MAX } }}
            sx={{ flex: 1 }}
          />
        )}
      />
      <Button
        variant="outlined"
        aria-label={first ? 'Add endpoint' : 'Remove endpoint'}
        disabled={readOnly}
        onClick={first ? onAdd : onRemove}
        sx={{ minWidth: 40, fontSize: 18, lineHeight: 1.2 }}
      >
        {first ? '+' : '-'}
      </Button>
    </Box>
  );
}
