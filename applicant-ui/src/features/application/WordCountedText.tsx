import { FormHelperText, TextField } from '@mui/material';
import { wordCounterText, wordsRemaining } from '@svp/domain';
import { useField } from 'formik';
import { useRequired } from '../../components/form-fields';

/**
 * A multi-line answer with the live word counter (wordCounterText): 'N words remaining', or the
 * over-limit sentence in the error colour (an over-limit text is kept, but blocks submission).
 */
export function WordCountedText({
  name,
  label,
  limit,
  rows = 8,
  helperText,
  disabled,
}: {
  name: string;
  label: string;
  limit: number;
  rows?: number;
  helperText?: string;
  disabled?: boolean;
}) {
  const [field, meta] = useField<string>(name);
  const required = useRequired(name);
  const over = wordsRemaining(field.value, limit) < 0;
  const showError = meta.touched && !!meta.error;
  const counterId = `${name}-word-counter`;
  const helper = showError ? meta.error : helperText;
  // MUI points aria-describedby at the helper text only; the counter is read out too.
  const describedBy = [helper ? `${name}-helper-text` : null, counterId].filter(Boolean).join(' ');
  return (
    <div>
      <TextField
        {...field}
        value={field.value ?? ''}
        id={name}
        label={label}
        multiline
        minRows={rows}
        fullWidth
        disabled={disabled}
        required={required}
        error={over || showError}
        helperText={helper}
        slotProps={{ htmlInput: { 'aria-describedby': describedBy } }}
      />
      <FormHelperText
        id={counterId}
        error={over}
        aria-live="polite"
        data-testid={counterId}
        sx={{ fontSize: '0.875rem', fontWeight: over ? 'bold' : undefined }}
      >
        {wordCounterText(field.value, limit)}
      </FormHelperText>
    </div>
  );
}
