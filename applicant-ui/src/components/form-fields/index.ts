// MultiSelectInput is imported from its own module: built on MUI's Autocomplete, it is a chunk of its own (vite.config.ts, SEARCHABLE),
// which a page importing this index for the other fields would otherwise load too.
export { CheckboxInput } from './CheckboxInput';
export { RadioInput } from './RadioInput';
export { RequiredFields, useRequired } from './RequiredFields';
export { type Choice, SelectInput } from './SelectInput';
export { TextInput } from './TextInput';
