import { FormControl, FormControlLabel, FormHelperText, FormLabel, Radio, RadioGroup } from '@mui/material';
import { useField } from 'formik';
import { useRequired } from './RequiredFields';
import type { Choice } from './SelectInput';

/** A radio group bound to a Formik field. */
export function RadioInput({
  name,
  label,
  choices,
  row = true,
  required,
}: {
  name: string;
  label: string;
  choices: readonly Choice[];
  row?: boolean;
  required?: boolean;
}) {
  const [field, meta, helpers] = useField<string>(name);
  const showError = meta.touched && !!meta.error;
  const isRequired = useRequired(name, required);
  return (
    <FormControl error={showError} required={isRequired}>
      <FormLabel id={`${name}-label`}>{label}</FormLabel>
      <RadioGroup
        row={row}
        aria-labelledby={`${name}-label`}
        name={name}
        value={field.value ?? ''}
        onChange={(e) => void helpers.setValue(e.target.value)}
      >
        {choices.map((choice) => (
          <FormControlLabel key={String(choice.value)} value={choice.value} control={<Radio />} label={choice.label} />
        ))}
      </RadioGroup>
      {showError && <FormHelperText>{meta.error}</FormHelperText>}
    </FormControl>
  );
}
