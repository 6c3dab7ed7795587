import { TextField, type TextFieldProps } from '@mui/material';
import { useField } from 'formik';

type Props = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error'> & { name: string };

/**
 * A text field bound to Formik whose problem shows while the team leader types (an unknown merge
 * field, a text too long), not only once they leave the field.
 */
export function LiveTextInput({ name, helperText, ...props }: Props) {
  const [field, meta, helpers] = useField<string>(name);
  const showError = meta.touched && !!meta.error;
  return (
    <TextField
      {...field}
      onChange={(event) => {
        field.onChange(event);
        if (!meta.touched) void helpers.setTouched(true, false);
      }}
      id={props.id ?? name}
      error={showError}
      helperText={showError ? meta.error : helperText}
      fullWidth
      {...props}
    />
  );
}
