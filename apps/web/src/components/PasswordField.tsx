import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { Button, IconButton, InputAdornment, TextField, type TextFieldProps } from '@mui/material';
import { type MouseEvent, useState } from 'react';

type PasswordFieldProps = Omit<TextFieldProps, 'type'> & {
  maxLength?: number;
  /** An eye icon, or (spec §2 Settings) a SHOW/HIDE text button. */
  toggle?: 'icon' | 'text';
};

export function PasswordField({ maxLength, slotProps, toggle = 'icon', ...props }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  const flip = {
    onClick: () => setVisible((v) => !v),
    onMouseDown: (event: MouseEvent) => event.preventDefault(),
  };
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      slotProps={{
        ...slotProps,
        htmlInput: { maxLength },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              {toggle === 'text' ? (
                <Button
                  size="small"
                  aria-label={`${visible ? 'Hide' : 'Show'} ${String(props.label).toLowerCase()}`}
                  aria-pressed={visible}
                  {...flip}
                >
                  {visible ? 'HIDE' : 'SHOW'}
                </Button>
              ) : (
                <IconButton aria-label="toggle password visibility" edge="end" {...flip}>
                  {visible ? <VisibilityOff /> : <Visibility />}
                </IconButton>
              )}
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
