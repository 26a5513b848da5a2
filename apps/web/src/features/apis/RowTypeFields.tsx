import { Checkbox, FormControlLabel, MenuItem, TextField } from '@mui/material';
import { PROPERTY_TYPES } from '@sandbox/contracts';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';

interface Props<T extends FieldValues> {
  control: Control<T>;
  /** The row's place in the form's `rows`. */
  index: number;
  readOnly: boolean;
}

/** A parameter or header row's type (an object cannot be a parameter's) and its required flag. */
export function RowTypeFields<T extends FieldValues>({ control, index, readOnly }: Props<T>) {
  return (
    <>
      <Controller
        name={`rows.${index}.dataType` as Path<T>}
        control={control}
        render={({ field: type }) => (
          <TextField
            select
            label="Type"
            size="small"
            {...type}
            value={type.value ?? 'string'}
            disabled={readOnly}
            sx={{ width: 120 }}
          >
            {PROPERTY_TYPES.filter((t) => t !== 'object').map((option) => (
              <MenuItem key={option} value={option}>
                {option}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Controller
        name={`rows.${index}.isRequired` as Path<T>}
        control={control}
        render={({ field: required }) => (
          <FormControlLabel
            label="Required"
            disabled={readOnly}
            control={
              <Checkbox
                size="small"
                checked={required.value ?? false}
                onChange={(_event, checked) => required.onChange(checked)}
              />
            }
          />
        )}
      />
    </>
  );
}
