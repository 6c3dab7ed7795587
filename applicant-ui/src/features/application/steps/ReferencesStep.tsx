import { Alert, Grid, Typography } from '@mui/material';
import { REFERENCE_TYPES } from '@svp/domain';
import { SelectInput, TextInput } from '../../../components/form-fields';

function Reference({ prefix, title }: { prefix: 'firstReference' | 'secondReference'; title: string }) {
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
          <TextInput name={`${prefix}Email`} label="Email" type="email" autoComplete="off" />
        </Grid>
      </Grid>
    </section>
  );
}

/** Tab 2: two professional references. */
export function ReferencesStep() {
  return (
    <>
      <Typography>
        Give two people who know your academic or professional work, such as a professor, an advisor, a mentor or a supervisor.
      </Typography>
      <Alert severity="info" sx={{ mt: 2 }}>
        References are contacted only after applications close.
      </Alert>
      <Reference prefix="firstReference" title="First Reference" />
      <Reference prefix="secondReference" title="Second Reference" />
    </>
  );
}
