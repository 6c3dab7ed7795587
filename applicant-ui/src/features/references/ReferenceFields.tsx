import {
  Box,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  type Option,
  REFERENCE_KNOWN_FOR,
  REFERENCE_RATING_KEYS,
  REFERENCE_RATING_LABELS,
  REFERENCE_RELATIONSHIPS,
  REFERENCE_STATEMENT_WORD_LIMIT,
  type ReferenceRatingKey,
  countWords,
  statementCounterText,
} from '@svp/domain';
import { useField } from 'formik';
import { RATING_CHOICES, REFERENCE_LABELS } from './referenceForm';

const ids = (...parts: (string | false | null | undefined)[]) => parts.filter(Boolean).join(' ') || undefined;

/**
 * A native select (the phone's own picker) bound to Formik; its error is the helper text, which
 * MUI ties to the select with aria-describedby.
 */
function ChoiceField({ name, label, options }: { name: 'relationship' | 'knownFor'; label: string; options: readonly Option[] }) {
  const [field, meta] = useField<string>(name);
  const showError = meta.touched && !!meta.error;
  return (
    <TextField
      {...field}
      value={field.value ?? ''}
      id={name}
      label={label}
      select
      required
      fullWidth
      error={showError}
      helperText={showError ? meta.error : undefined}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      <option value="">Choose</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </TextField>
  );
}

/** One quality rated 1–5 or 'Cannot judge': a fieldset named by its legend, the hint and any error read with it. */
function RatingField({ ratingKey, hintId }: { ratingKey: ReferenceRatingKey; hintId: string }) {
  const name = `ratings.${ratingKey}`;
  const [field, meta, helpers] = useField<string>(name);
  const showError = meta.touched && !!meta.error;
  const errorId = `${name}-error`;
  return (
    <FormControl component="fieldset" error={showError} required aria-describedby={ids(hintId, showError && errorId)} sx={{ minWidth: 0 }}>
      <FormLabel component="legend" sx={{ fontWeight: 'bold', color: 'text.primary' }}>
        {REFERENCE_RATING_LABELS[ratingKey]}
      </FormLabel>
      <RadioGroup
        row
        name={name}
        value={field.value ?? ''}
        onChange={(event) => void helpers.setValue(event.target.value)}
        onBlur={field.onBlur}
      >
        {RATING_CHOICES.map((choice) => (
          <FormControlLabel key={choice.value} value={choice.value} control={<Radio />} label={choice.label} sx={{ mr: 1.5 }} />
        ))}
      </RadioGroup>
      {showError && <FormHelperText id={errorId}>{meta.error}</FormHelperText>}
    </FormControl>
  );
}

/**
 * The statement, with the note not to name the applicant and the live counter of the essays
 * ('N words remaining'; past the limit, the sentence in the error colour): both are read out with
 * the field, and the counter is announced as it changes.
 */
function StatementField() {
  const [field, meta] = useField<string>('statement');
  const showError = meta.touched && !!meta.error;
  const over = countWords(field.value) > REFERENCE_STATEMENT_WORD_LIMIT;
  const noteId = 'statement-note';
  const counterId = 'statement-word-counter';
  return (
    <div>
      <TextField
        {...field}
        value={field.value ?? ''}
        id="statement"
        label={REFERENCE_LABELS.statement}
        multiline
        minRows={8}
        fullWidth
        required
        error={showError || over}
        helperText={showError ? meta.error : undefined}
        slotProps={{ htmlInput: { 'aria-describedby': ids(showError && 'statement-helper-text', noteId, counterId) } }}
      />
      <FormHelperText id={noteId} sx={{ fontSize: '0.875rem' }}>
        {REFERENCE_LABELS.statementNote}
      </FormHelperText>
      <FormHelperText
        id={counterId}
        error={over}
        aria-live="polite"
        data-testid={counterId}
        sx={{ fontSize: '0.875rem', fontWeight: over ? 'bold' : undefined }}
      >
        {statementCounterText(field.value)}
      </FormHelperText>
    </div>
  );
}

/** The questions of the referee's form, in the order the server names its problems. */
export function ReferenceFields() {
  const hintId = 'ratings-hint';
  return (
    <Stack spacing={3}>
      <ChoiceField name="relationship" label={REFERENCE_LABELS.relationship} options={REFERENCE_RELATIONSHIPS} />
      <ChoiceField name="knownFor" label={REFERENCE_LABELS.knownFor} options={REFERENCE_KNOWN_FOR} />
      <Box component="section" aria-labelledby="ratings-heading">
        <Typography variant="h6" component="h2" id="ratings-heading">
          {REFERENCE_LABELS.ratings}
        </Typography>
        <Typography id={hintId} color="text.secondary" sx={{ mb: 2 }}>
          {REFERENCE_LABELS.ratingsHint}
        </Typography>
        <Stack spacing={2}>
          {REFERENCE_RATING_KEYS.map((key) => (
            <RatingField key={key} ratingKey={key} hintId={hintId} />
          ))}
        </Stack>
      </Box>
      <StatementField />
    </Stack>
  );
}
