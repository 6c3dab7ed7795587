import { FormControl, FormControlLabel, FormHelperText, FormLabel, Radio, RadioGroup } from '@mui/material';
import { useField } from 'formik';
import type { Choice } from './SelectInput';

/** A radio group bound to a Formik field. */
export function RadioInput({ name, label, choices, row = true }: { name: string; label: string; choices: readonly Choice[]; row?: boolean }) {
  const [field, meta, helpers] = useField<string>(name);
  const showError = meta.touched && !!meta.error;
  return (
    <FormControl error={showError}>
      <FormLabel id={`${name}-label`}>{label}</FormLabel>
      <RadioGroup row={row} aria-labelledby={`${name}-label`} name={name} value={field.value ?? ''} onChange={(e) => void helpers.setValue(e.target.value)}>
        {choices.map((choice) => (
          <FormControlLabel key={String(choice.value)} value={choice.value} control={<Radio />} label={choice.label} />
        ))}
      </RadioGroup>
      {showError && <FormHelperText>{meta.error}</FormHelperText>}
    </FormControl>
  );
}
