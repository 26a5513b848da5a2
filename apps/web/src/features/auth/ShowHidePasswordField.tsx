import { Button, InputAdornment, TextField, type TextFieldProps } from '@mui/material';
import { useState } from 'react';

type ShowHidePasswordFieldProps = Omit<TextFieldProps, 'type'> & { maxLength?: number };

// spec §2 Settings: these password fields toggle with a SHOW/HIDE text button rather than an icon.
export function ShowHidePasswordField({ maxLength, slotProps, label, ...props }: ShowHidePasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      label={label}
      type={visible ? 'text' : 'password'}
      slotProps={{
        ...slotProps,
        htmlInput: { maxLength },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <Button
                size="small"
                aria-label={`${visible ? 'Hide' : 'Show'} ${String(label).toLowerCase()}`}
                aria-pressed={visible}
                onClick={() => setVisible((v) => !v)}
                onMouseDown={(event) => event.preventDefault()}
              >
                {visible ? 'HIDE' : 'SHOW'}
              </Button>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
