import { MAX_INPUT_LENGTH } from '@sandbox/contracts';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { PasswordField } from '../../components/PasswordField';

export interface NewPasswordFieldsProps {
  password: UseFormRegisterReturn;
  confirmPassword: UseFormRegisterReturn;
  errors: { password?: FieldError; confirmPassword?: FieldError };
  autoFocus?: boolean;
}

/** New Password and Confirm Password, as the reset and set-password forms ask for them. */
export function NewPasswordFields({ password, confirmPassword, errors, autoFocus }: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordField
        label="New Password"
        autoComplete="new-password"
        autoFocus={autoFocus}
        fullWidth
        maxLength={MAX_INPUT_LENGTH}
        {...password}
        error={Boolean(errors.password)}
        helperText={errors.password?.message}
      />
      <PasswordField
        label="Confirm Password"
        autoComplete="new-password"
        fullWidth
        maxLength={MAX_INPUT_LENGTH}
        {...confirmPassword}
        error={Boolean(errors.confirmPassword)}
        helperText={errors.confirmPassword?.message}
      />
    </>
  );
}
