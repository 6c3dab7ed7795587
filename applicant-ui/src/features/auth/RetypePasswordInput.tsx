import { PASSWORD_MISMATCH_MESSAGE } from '@svp/domain';
import { TextField } from '@mui/material';
import { useField, useFormikContext } from 'formik';

/**
 * The retype field: says 'Passwords do not match' once the retyped text is as long as the password
 * (or the field was left) and still differs, so it does not nag at every keystroke.
 */
export function RetypePasswordInput({ name = 'retypePassword', label = 'Retype password' }: { name?: string; label?: string }) {
  const [field, meta] = useField<string>(name);
  const { values } = useFormikContext<{ password: string }>();
  const retyped = field.value ?? '';
  const differs = retyped !== '' && retyped !== values.password;
  const mismatch = differs && (meta.touched || retyped.length >= values.password.length);
  const required = meta.touched && retyped === '' && !!meta.error;
  return (
    <TextField
      {...field}
      value={retyped}
      id={name}
      type="password"
      label={label}
      autoComplete="new-password"
      error={mismatch || required}
      helperText={mismatch ? PASSWORD_MISMATCH_MESSAGE : required ? meta.error : undefined}
      fullWidth
    />
  );
}
