import { Alert, Grid, Typography } from '@mui/material';
import { REFERENCE_MESSAGES, REFERENCE_TYPES, isSelfReference } from '@svp/domain';
import { useField } from 'formik';
import { SelectInput, TextInput } from '../../../components/form-fields';

type Prefix = 'firstReference' | 'secondReference';

/**
 * The referee's email. When it is the account's own address the applicant is told so under the
 * field as they type, before submitting (a reference must come from someone else); a refusal of
 * the field itself still shows first.
 */
function RefereeEmail({ prefix, accountEmail }: { prefix: Prefix; accountEmail: string | undefined }) {
  const name = `${prefix}Email`;
  const [field, meta] = useField<string>(name);
  const self = isSelfReference(accountEmail, field.value);
  const showError = meta.touched && !!meta.error;
  return (
    <TextInput
      name={name}
      label="Email"
      type="email"
      autoComplete="off"
      helperText={self ? REFERENCE_MESSAGES.selfReference : undefined}
      slotProps={{ formHelperText: { sx: self && !showError ? { color: 'warning.dark', fontWeight: 'bold' } : undefined } }}
    />
  );
}

function Reference({ prefix, title, accountEmail }: { prefix: Prefix; title: string; accountEmail: string | undefined }) {
  return (
    <section aria-labelledby={`${prefix}-heading`}>
      <Typography variant="h3" id={`${prefix}-heading`} sx={{ mt: 3, mb: 2 }}>
        {title}
      </Typography>
      <Grid container spacing={2}>
        <Grid size={12}>
          <SelectInput name={`${prefix}Type`} label="Type of Reference" choices={REFERENCE_TYPES} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextInput name={`${prefix}FirstName`} label="First Name" autoComplete="off" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextInput name={`${prefix}LastName`} label="Last Name" autoComplete="off" />
        </Grid>
        <Grid size={12}>
          <RefereeEmail prefix={prefix} accountEmail={accountEmail} />
        </Grid>
      </Grid>
    </section>
  );
}

/** Tab 2: two professional references. `accountEmail` is the applicant's own address, which no referee may have. */
export function ReferencesStep({ accountEmail }: { accountEmail?: string }) {
  return (
    <>
      <Typography>
        Give two people who know your academic or professional work, such as a professor, an advisor, a mentor or a supervisor.
      </Typography>
      <Alert severity="info" sx={{ mt: 2 }}>
        References are contacted only after applications close.
      </Alert>
      <Reference prefix="firstReference" title="First Reference" accountEmail={accountEmail} />
      <Reference prefix="secondReference" title="Second Reference" accountEmail={accountEmail} />
    </>
  );
}
