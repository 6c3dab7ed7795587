import { Checkbox, FormControl, FormControlLabel, FormHelperText } from '@mui/material';
import { useField } from 'formik';
import type { ReactNode } from 'react';

/** A checkbox bound to a boolean Formik field. */
export function CheckboxInput({ name, label, disabled, helperText }: { name: string; label: ReactNode; disabled?: boolean; helperText?: ReactNode }) {
  const [field, meta, helpers] = useField<boolean>(name);
  const showError = meta.touched && !!meta.error;
  return (
    <FormControl error={showError} disabled={disabled}>
      <FormControlLabel
        control={<Checkbox name={name} checked={!!field.value} onChange={(e) => void helpers.setValue(e.target.checked)} onBlur={field.onBlur} />}
        label={label}
        disabled={disabled}
      />
      {(showError || helperText) && <FormHelperText>{showError ? meta.error : helperText}</FormHelperText>}
    </FormControl>
  );
}
