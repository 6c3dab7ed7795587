import { Autocomplete, Chip, TextField } from '@mui/material';
import { useField } from 'formik';
import type { ReactNode } from 'react';
import { useRequired } from './RequiredFields';
import type { Choice } from './SelectInput';

/** A searchable multi-select bound to a Formik list of values. */
export function MultiSelectInput({
  name,
  label,
  choices,
  helperText,
  disabled,
  required,
}: {
  name: string;
  label: string;
  choices: readonly Choice[];
  helperText?: ReactNode;
  disabled?: boolean;
  required?: boolean;
}) {
  const [field, meta, helpers] = useField<(string | number)[]>(name);
  const showError = meta.touched && !!meta.error;
  const isRequired = useRequired(name, required);
  const selected = choices.filter((c) => (field.value ?? []).includes(c.value));
  return (
    <Autocomplete
      multiple
      // Several years or situations are picked in a row: the list stays open until the user leaves it.
      disableCloseOnSelect
      id={name}
      options={choices as Choice[]}
      value={selected}
      disabled={disabled}
      getOptionLabel={(option) => option.label}
      isOptionEqualToValue={(a, b) => a.value === b.value}
      onChange={(_event, values) => void helpers.setValue(values.map((v) => v.value))}
      onBlur={() => void helpers.setTouched(true)}
      renderValue={(values, getItemProps) =>
        values.map((option, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} label={option.label} size="small" {...itemProps} />;
        })
      }
      renderInput={(params) => <TextField {...params} label={label} required={isRequired} error={showError} helperText={showError ? (meta.error as string) : helperText} />}
    />
  );
}
