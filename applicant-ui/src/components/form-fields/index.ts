export { CheckboxInput } from './CheckboxInput';
export { MultiSelectInput } from './MultiSelectInput';
export { RadioInput } from './RadioInput';
export { RequiredFields, useRequired } from './RequiredFields';
export { type Choice, SelectInput } from './SelectInput';
export { TextInput } from './TextInput';
