import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { Button, IconButton, InputAdornment } from '@mui/material';
import { type MouseEvent, useState } from 'react';
import { OutlinedTextField, type OutlinedTextFieldProps } from './OutlinedTextField';

type PasswordFieldProps = Omit<OutlinedTextFieldProps, 'type' | 'endAdornment'> & {
  /** An eye icon, or (spec §2 Settings) a SHOW/HIDE text button. */
  toggle?: 'icon' | 'text';
};

export function PasswordField({ toggle = 'icon', ...props }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  const flip = {
    onClick: () => setVisible((v) => !v),
    onMouseDown: (event: MouseEvent) => event.preventDefault(),
  };
  return (
    <OutlinedTextField
      {...props}
      type={visible ? 'text' : 'password'}
      endAdornment={
        <InputAdornment position="end">
          {toggle === 'text' ? (
            <Button
              size="small"
              aria-label={`${visible ? 'Hide' : 'Show'} ${props.label.toLowerCase()}`}
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
      }
    />
  );
}
