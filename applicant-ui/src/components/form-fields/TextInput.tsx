import { TextField, type TextFieldProps } from '@mui/material';
import { useField } from 'formik';
import { useRequired } from './RequiredFields';

type Props = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error'> & { name: string };

/** An MUI text field bound to Formik, showing its error once touched. */
export function TextInput({ name, helperText, required, ...props }: Props) {
  const [field, meta] = useField<string>(name);
  const showError = meta.touched && !!meta.error;
  const isRequired = useRequired(name, required);
  return (
    <TextField
      {...field}
      value={field.value ?? ''}
      id={props.id ?? name}
      error={showError}
      helperText={showError ? meta.error : helperText}
      fullWidth
      required={isRequired}
      {...props}
    />
  );
}
