import { MenuItem, TextField, type TextFieldProps } from '@mui/material';
import { useField } from 'formik';
import { useRequired } from './RequiredFields';

export interface Choice {
  value: string | number;
  label: string;
}

type Props = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'error' | 'select'> & {
  name: string;
  choices: readonly Choice[];
  emptyLabel?: string;
};

/** A single-choice select bound to Formik (numbers stay numbers). */
export function SelectInput({ name, choices, emptyLabel = 'Select', helperText, required, ...props }: Props) {
  const [field, meta, helpers] = useField<string | number | null>(name);
  const showError = meta.touched && !!meta.error;
  const isRequired = useRequired(name, required);
  return (
    <TextField
      select
      id={props.id ?? name}
      name={name}
      value={field.value ?? ''}
      onChange={(e) => {
        const raw = e.target.value;
        const choice = choices.find((c) => String(c.value) === String(raw));
        void helpers.setValue(choice ? choice.value : null);
      }}
      onBlur={field.onBlur}
      error={showError}
      helperText={showError ? meta.error : helperText}
      fullWidth
      required={isRequired}
      {...props}
    >
      <MenuItem value="">
        <em>{emptyLabel}</em>
      </MenuItem>
      {choices.map((choice) => (
        <MenuItem key={String(choice.value)} value={choice.value}>
          {choice.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
