import { FormControl, FormHelperText, InputLabel, OutlinedInput } from '@mui/material';
import { type ChangeEventHandler, type FocusEventHandler, type ReactNode, type Ref, useId } from 'react';

// MUI's TextField drawn from its parts: the same look and the same labelled input, without the Select,
// Menu and Popover a TextField carries along. The signed-out screens use it so the sign-in screen
// loads quickly (README, first load).
export interface OutlinedTextFieldProps {
  label: string;
  name?: string;
  type?: string;
  value?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  fullWidth?: boolean;
  maxLength?: number;
  inputMode?: 'text' | 'numeric' | 'email';
  error?: boolean;
  helperText?: ReactNode;
  endAdornment?: ReactNode;
  onChange?: ChangeEventHandler<HTMLInputElement>;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  /** The input element itself, as react-hook-form's `register` wants it. */
  ref?: Ref<HTMLInputElement>;
}

export function OutlinedTextField({
  label,
  error,
  helperText,
  fullWidth,
  maxLength,
  inputMode,
  ref,
  ...input
}: OutlinedTextFieldProps) {
  const id = useId();
  const helperId = `${id}-helper-text`;
  return (
    <FormControl variant="outlined" error={error} fullWidth={fullWidth}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        {...input}
        id={id}
        label={label}
        inputRef={ref}
        inputProps={{ maxLength, inputMode }}
        aria-describedby={helperText ? helperId : undefined}
      />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
