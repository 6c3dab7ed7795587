import { Checkbox, FormControl, FormControlLabel, FormHelperText } from '@mui/material';
import { useField } from 'formik';
import type { ReactNode } from 'react';
import { useRequired } from './RequiredFields';

/** A checkbox bound to a boolean Formik field. */
export function CheckboxInput({
  name,
  label,
  disabled,
  helperText,
  required,
}: {
  name: string;
  label: ReactNode;
  disabled?: boolean;
  helperText?: ReactNode;
  required?: boolean;
}) {
  const [field, meta, helpers] = useField<boolean>(name);
  const showError = meta.touched && !!meta.error;
  const isRequired = useRequired(name, required);
  const helperId = `${name}-helper-text`;
  const describedBy = showError || helperText ? helperId : undefined;
  return (
    <FormControl error={showError} disabled={disabled}>
      <FormControlLabel
        control={
          <Checkbox
            name={name}
            checked={!!field.value}
            onChange={(e) => void helpers.setValue(e.target.checked)}
            onBlur={field.onBlur}
            slotProps={{ input: { 'aria-describedby': describedBy } }}
          />
        }
        label={label}
        disabled={disabled}
        required={isRequired}
      />
      {(showError || helperText) && <FormHelperText id={helperId}>{showError ? meta.error : helperText}</FormHelperText>}
    </FormControl>
  );
}
