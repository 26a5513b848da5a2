import { TextField } from '@mui/material';

export interface SchemaNameFieldProps {
  value: string;
  onChange: (name: string) => void;
  /** What is wrong with the name, said under it. */
  problem: string | undefined;
  placeholder?: string;
}

/** A named schema's name, as the New Schema and Rename Schema dialogs ask it. */
export function SchemaNameField({ value, onChange, problem, placeholder }: SchemaNameFieldProps) {
  return (
    <TextField
      label="Schema Name"
      required
      autoFocus
      placeholder={placeholder}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={problem !== undefined}
      helperText={problem}
      slotProps={{ htmlInput: { maxLength: 300, spellCheck: false } }}
    />
  );
}
