export { CheckboxInput } from './CheckboxInput';
export { MultiSelectInput } from './MultiSelectInput';
export { RadioInput } from './RadioInput';
export { type Choice, SelectInput } from './SelectInput';
export { TextInput } from './TextInput';
