import { Autocomplete, Chip, TextField } from '@mui/material';
import { useField } from 'formik';
import type { ReactNode } from 'react';
import { useRequired } from './RequiredFields';
import type { Choice } from './SelectInput';

/** A searchable multi-select bound to a Formik list of values; `fixedValues` stay chosen (no way to remove them). */
export function MultiSelectInput({
  name,
  label,
  choices,
  helperText,
  disabled,
  required,
  fixedValues = [],
}: {
  name: string;
  label: string;
  choices: readonly Choice[];
  helperText?: ReactNode;
  disabled?: boolean;
  required?: boolean;
  fixedValues?: readonly (string | number)[];
}) {
  const [field, meta, helpers] = useField<(string | number)[]>(name);
  const showError = meta.touched && !!meta.error;
  const isRequired = useRequired(name, required);
  const selected = choices.filter((c) => (field.value ?? []).includes(c.value));
  const isFixed = (option: Choice) => fixedValues.includes(option.value);
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
      getOptionDisabled={isFixed}
      onChange={(_event, values) => {
        const chosen = values.map((v) => v.value);
        // Clearing, or Backspace over a fixed value, removes only the others, in the order they were.
        const keep = (value: string | number) => chosen.includes(value) || fixedValues.includes(value);
        void helpers.setValue(fixedValues.every((value) => chosen.includes(value)) ? chosen : (field.value ?? []).filter(keep));
      }}
      onBlur={() => void helpers.setTouched(true)}
      renderValue={(values, getItemProps) =>
        values.map((option, index) => {
          const { key, onDelete, ...itemProps } = getItemProps({ index });
          return <Chip key={key} label={option.label} size="small" {...itemProps} onDelete={isFixed(option) ? undefined : onDelete} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={isRequired}
          error={showError}
          helperText={showError ? (meta.error as string) : helperText}
        />
      )}
    />
  );
}
