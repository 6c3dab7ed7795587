import { Checkbox, FormControl, FormControlLabel, FormGroup, FormHelperText, FormLabel } from '@mui/material';
import { useField } from 'formik';
import type { ReactNode } from 'react';
import type { Choice } from '../../components/form-fields';

/** A group of checkboxes bound to a Formik list of the ticked values (a fieldset with its legend). */
export function CheckboxGroupInput({
  name,
  label,
  choices,
  required,
  helperText,
}: {
  name: string;
  label: string;
  choices: readonly Choice[];
  required?: boolean;
  helperText?: ReactNode;
}) {
  const [field, meta, helpers] = useField<(string | number)[]>(name);
  const showError = !!meta.touched && !!meta.error;
  const ticked = field.value ?? [];
  const toggle = (value: string | number, checked: boolean) =>
    void helpers.setValue(checked ? [...ticked, value] : ticked.filter((v) => v !== value));
  return (
    <FormControl component="fieldset" error={showError} required={required}>
      <FormLabel component="legend">{label}</FormLabel>
      <FormGroup row>
        {choices.map((choice) => (
          <FormControlLabel
            key={String(choice.value)}
            label={choice.label}
            control={
              <Checkbox
                name={name}
                value={choice.value}
                checked={ticked.includes(choice.value)}
                onChange={(e) => toggle(choice.value, e.target.checked)}
                onBlur={() => void helpers.setTouched(true, false)}
              />
            }
          />
        ))}
      </FormGroup>
      <FormHelperText>{showError ? String(meta.error) : (helperText ?? ' ')}</FormHelperText>
    </FormControl>
  );
}
