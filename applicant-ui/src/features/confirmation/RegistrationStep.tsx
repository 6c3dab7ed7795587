import { Box, Link, Stack, Typography } from '@mui/material';
import { type ConfirmationForm, SHIRT_SIZES, editionTexts, passportStatuses } from '@svp/domain';
import { useFormikContext } from 'formik';
import { Link as RouterLink } from 'react-router-dom';
import { CheckboxInput, RadioInput, SelectInput, TextInput } from '../../components/form-fields';
import { useSettings } from '../../state/SettingsContext';
import { LABELS } from './confirmationFormModel';
import { Section } from './Section';
import { YesNoInput } from './YesNoInput';

/** Step 1: registration, travel documents and what the programme needs to know. */
export function RegistrationStep() {
  const { settings } = useSettings();
  const { values } = useFormikContext<ConfirmationForm>();
  const { conference, contactEmail } = settings;
  const texts = editionTexts(conference);

  return (
    <Stack spacing={4}>
      <Section title="Registration and Visa Information">
        <Typography>Your full conference registration is covered by the Student Volunteer programme.</Typography>
        <Typography>
          If you need a letter of invitation for a visa, we send one on request: write to{' '}
          <Link href={`mailto:${contactEmail}`}>{contactEmail}</Link> with your full name as it appears in your passport.
        </Typography>
        <Typography>
          Your passport must be valid through at least {texts.passportValidThrough}, or you must acquire it by {texts.passportBy}.
        </Typography>
        <RadioInput name="passportStatus" label={LABELS.passportStatus} choices={passportStatuses(conference)} row={false} />
      </Section>

      <Section title="On-site Communication">
        <Typography>
          During the conference ({texts.serviceDays}) we reach you by email and by phone. Read your email every day, keep your phone with
          you, and check that the phone number in your{' '}
          <Link component={RouterLink} to="/profile">
            profile
          </Link>{' '}
          is right: the SV Office may text or call you when a shift changes.
        </Typography>
      </Section>

      <Section title="Prior Student Volunteering">
        <CheckboxInput name="priorSv" label={LABELS.priorSv} />
      </Section>

      <Section title="T-shirt Size">
        <Typography>Every in-person SV receives 2 t-shirts.</Typography>
        <Box sx={{ maxWidth: 240 }}>
          <SelectInput name="shirtSize" label={LABELS.shirtSize} choices={SHIRT_SIZES} />
        </Box>
      </Section>

      <Section title="Dietary Restrictions">
        <YesNoInput name="diet" label={LABELS.diet} />
        <TextInput
          name="dietRestrictions"
          label={LABELS.dietRestrictions}
          disabled={!values.diet}
          helperText={values.diet ? 'For example: vegetarian, no nuts, halal.' : 'Answer yes above to describe them.'}
        />
      </Section>

      <Section title="Health and Safety">
        <Typography>
          Your health and safety come first. Eat, drink water and rest between shifts. If you feel unwell, are hurt or feel unsafe, tell
          your Team Leader or the SV Office at once.
        </Typography>
      </Section>

      <Section title="Email Consent">
        <CheckboxInput name="emailConsent" label={LABELS.emailConsent} />
      </Section>

      <Section title="Photo and Video Consent">
        <CheckboxInput name="photoConsent" label={LABELS.photoConsent} />
      </Section>

      <Section title="Student Membership">
        <CheckboxInput name="wantsMembership" label={LABELS.wantsMembership} />
      </Section>

      <Section title="Additional Information">
        <TextInput
          name="additionalInfo"
          label={LABELS.additionalInfo}
          multiline
          minRows={3}
          helperText="Anything else we should know before the conference?"
        />
      </Section>
    </Stack>
  );
}
