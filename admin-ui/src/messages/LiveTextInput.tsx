import { TextField, type TextFieldProps } from '@mui/material';
import type { FocusEvent, Ref } from 'react';
import { InputHelperText, type Validator, useInput } from 'react-admin';

interface LiveTextInputProps {
  source: string;
  label: string;
  validate?: Validator[];
  helperText?: string;
  multiline?: boolean;
  minRows?: number;
  type?: string;
  inputRef?: Ref<HTMLInputElement | HTMLTextAreaElement>;
  onFocus?: (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  slotProps?: TextFieldProps['slotProps'];
}

/**
 * A text input of the form whose problem shows as soon as it is there (react-admin's inputs wait
 * for the field to lose focus): a merge field misspelt is named while it is typed. The server's
 * refusal of the field shows the same way.
 */
export function LiveTextInput({
  source,
  label,
  validate,
  helperText,
  multiline,
  minRows,
  type,
  inputRef,
  onFocus,
  slotProps,
}: LiveTextInputProps) {
  const { id, field, fieldState, isRequired } = useInput({ source, validate });
  const { ref, ...inputField } = field;
  const error = fieldState.error?.message;
  return (
    <TextField
      {...inputField}
      id={id}
      label={label}
      type={type}
      required={isRequired}
      multiline={multiline}
      minRows={minRows}
      error={Boolean(error)}
      helperText={<InputHelperText error={error} helperText={helperText} />}
      inputRef={(element: HTMLInputElement | HTMLTextAreaElement | null) => {
        ref(element);
        if (typeof inputRef === 'function') inputRef(element);
        else if (inputRef) (inputRef as { current: unknown }).current = element;
      }}
      onFocus={onFocus}
      slotProps={slotProps}
      fullWidth
    />
  );
}
