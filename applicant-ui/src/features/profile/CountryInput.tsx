import { Autocomplete, TextField } from '@mui/material';
import { COUNTRIES, type Country } from '@svp/domain';
import { useField } from 'formik';
import { useRequired } from '../../components/form-fields';

/** A searchable country picker bound to a Formik field holding the two-letter code. */
export function CountryInput({ name, label, required }: { name: string; label: string; required?: boolean }) {
  const [field, meta, helpers] = useField<string>(name);
  const showError = !!meta.touched && !!meta.error;
  const isRequired = useRequired(name, required);
  const selected = COUNTRIES.find((country) => country.code === field.value) ?? null;
  return (
    <Autocomplete<Country>
      id={name}
      options={COUNTRIES}
      value={selected}
      autoHighlight
      getOptionLabel={(country) => country.name}
      isOptionEqualToValue={(a, b) => a.code === b.code}
      onChange={(_event, country) => void helpers.setValue(country?.code ?? '')}
      onBlur={() => void helpers.setTouched(true)}
      renderInput={(params) => (
        <TextField
          {...params}
          name={name}
          label={label}
          required={isRequired}
          error={showError}
          helperText={showError ? meta.error : ' '}
        />
      )}
    />
  );
}
