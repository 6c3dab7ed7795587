import { Grid } from '@mui/material';
import { MONTHS, type ProofOfEnrollment } from '@svp/domain';
import { SelectInput, TextInput } from '../../../components/form-fields';
import { CountryField } from './searchable';
import { ProofUpload } from '../ProofUpload';

/** Tab 1: school, expected graduation and the proof of enrollment. */
export function AcademicStep({
  graduationYears,
  userId,
  svid,
  proof,
  onProofChange,
}: {
  graduationYears: readonly number[];
  userId: number;
  svid: string;
  proof: ProofOfEnrollment | null;
  onProofChange: (proof: ProofOfEnrollment | null) => void;
}) {
  return (
    <>
      <Grid container spacing={2}>
        <Grid size={12}>
          <TextInput name="schoolName" label="School Name" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextInput name="schoolCity" label="City" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextInput name="schoolState" label="State / Province" helperText="N/A if not applicable" />
        </Grid>
        <Grid size={12}>
          <CountryField name="schoolCountry" label="Country" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <SelectInput name="expectedGraduationMonth" label="Expected Graduation Month" choices={MONTHS} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <SelectInput
            name="expectedGraduationYear"
            label="Expected Graduation Year"
            choices={graduationYears.map((year) => ({ value: year, label: String(year) }))}
          />
        </Grid>
      </Grid>
      <ProofUpload userId={userId} svid={svid} proof={proof} onProofChange={onProofChange} />
    </>
  );
}
