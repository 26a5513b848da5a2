import { Box, Checkbox, FormControlLabel, MenuItem, TextField } from '@mui/material';
import { AUTO_GENERATION_TYPES, type BodyProperty, type PropertyType } from '@sandbox/contracts';
import type { KeyboardEvent } from 'react';
import { digitsOnly, isDigitKey } from './inputMasks';
import { PROPERTY_TYPE_OPTIONS, refName, toBound } from './propertyTree';

export interface PropertyRowProps {
  property: BodyProperty;
  /** The property's dotted key (`address.city`): the row's accessible name. */
  label: string;
  onChange: (patch: Partial<BodyProperty>) => void;
}

// spec §5: lengths take digit keys only; pasted text is filtered on change.
const blockNonDigits = (event: KeyboardEvent) => {
  if (!isDigitKey(event.key, event.ctrlKey || event.metaKey)) event.preventDefault();
};

export function PropertyRow({ property, label, onChange }: PropertyRowProps) {
  const isBoolean = property.jsonKeyType === 'boolean';
  const ref = refName(property.refProperties);
  return (
    <Box
      role="group"
      aria-label={label}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}
    >
      <TextField
        label="Key"
        size="small"
        value={property.jsonKey}
        slotProps={{ htmlInput: { readOnly: true } }}
        sx={{ width: 140 }}
      />
      <TextField
        select
        label="Type"
        size="small"
        value={property.jsonKeyType}
        onChange={(event) => onChange({ jsonKeyType: event.target.value as PropertyType })}
        sx={{ width: 120 }}
      >
        {PROPERTY_TYPE_OPTIONS.map((type) => (
          <MenuItem key={type} value={type}>
            {type}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label="Min Length"
        size="small"
        value={property.minLength ?? ''}
        disabled={isBoolean}
        onKeyDown={blockNonDigits}
        onChange={(event) => onChange({ minLength: toBound(digitsOnly(event.target.value)) })}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        sx={{ width: 100 }}
      />
      <TextField
        label="Max Length"
        size="small"
        value={property.maxLength ?? ''}
        disabled={isBoolean}
        onKeyDown={blockNonDigits}
        onChange={(event) => onChange({ maxLength: toBound(digitsOnly(event.target.value)) })}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        sx={{ width: 100 }}
      />
      <TextField
        label="Default Value"
        size="small"
        value={property.defaultValue ?? ''}
        onChange={(event) =>
          onChange({ defaultValue: event.target.value === '' ? null : event.target.value })
        }
        sx={{ width: 130 }}
      />
      <TextField
        select
        label="Auto Generation"
        size="small"
        value={property.autoGenerationType ?? ''}
        onChange={(event) =>
          onChange({
            autoGenerationType:
              event.target.value === '' ? null : (event.target.value as BodyProperty['autoGenerationType']),
          })
        }
        sx={{ width: 150 }}
      >
        <MenuItem value="">
          <em>None</em>
        </MenuItem>
        {AUTO_GENERATION_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {type}
          </MenuItem>
        ))}
      </TextField>
      {ref && (
        <TextField
          label="Reference"
          size="small"
          value={ref}
          slotProps={{ htmlInput: { readOnly: true } }}
          sx={{ width: 130 }}
        />
      )}
      <FormControlLabel
        label="Mandatory"
        control={
          <Checkbox
            size="small"
            checked={property.isMandatory}
            onChange={(_event, checked) => onChange({ isMandatory: checked })}
          />
        }
      />
    </Box>
  );
}
