// The application's searchable fields, loaded on their own (searchable.tsx): MUI's Autocomplete with its popup (Popper and
// popper.js) is about a quarter of the form widgets' code, and most of the wizard's tabs have none.
export { MultiSelectInput } from '../../../components/form-fields/MultiSelectInput';
export { CountryInput } from '../../profile/CountryInput';
