import { Box, Button, Grid, Paper, Stack, Typography } from '@mui/material';
import {
  ETHNICITIES,
  LANGUAGES,
  PRONOUNS,
  PROFILE_FIELD_LABELS as LABELS,
  REQUIRED_PROFILE_MESSAGE,
  validateProfileUpdate,
} from '@svp/domain';
import { Form, Formik, type FormikHelpers, useFormikContext } from 'formik';
import { type ReactNode, useMemo } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { endpoints } from '../../api/endpoints';
import type { ProfileUser } from '../../api/types';
import { CheckboxInput, RadioInput, TextInput } from '../../components/form-fields';
import { MultiSelectInput } from '../../components/form-fields/MultiSelectInput';
import { domainSchema } from '../../forms/domainSchema';
import { useAlerts } from '../../state/AlertsContext';
import { useSession } from '../../state/SessionContext';
import { useSettings } from '../../state/SettingsContext';
import { CheckboxGroupInput } from './CheckboxGroupInput';
import { CountryInput } from './CountryInput';
import { MyDataPanel } from './MyDataPanel';
import {
  CURRENT_PASSWORD_NEEDED,
  type ProfileFormValues,
  changesEmail,
  formErrorsFromServer,
  formPathOf,
  profileFormValues,
  profileUpdateBody,
} from './profileForm';

export const PROFILE_UPDATED = 'Profile Updated';
export const EMAIL_CHANGED_MESSAGE =
  'Profile Updated. Your email address has changed, so you have been signed out: sign in again and confirm your new address with ' +
  'the code we emailed to it.';

// A blank helper line keeps the room an error takes, so the form does not jump under the pointer when an error comes or goes.
const KEEP_ROOM = ' ';
const LANGUAGE_CHOICES = LANGUAGES.map((language) => ({ value: language, label: language }));
const DISABILITY_CHOICES = [
  { value: 'no', label: 'No' },
  { value: 'yes', label: 'Yes' },
];

/** The profile form, checked by the domain's profile rule (docs/product.md, 'Profile') before it is sent. */
export function ProfilePage() {
  const { profile } = useSession();
  if (!profile) return null;
  return <ProfileForm profile={profile} />;
}

function ProfileForm({ profile }: { profile: ProfileUser }) {
  const session = useSession();
  const { showError, showMessage, clearAll } = useAlerts();
  const { serverNow } = useSettings();
  const navigate = useNavigate();
  const initialValues = useMemo(() => profileFormValues(profile), [profile]);
  const schema = useMemo(
    () =>
      domainSchema<ProfileFormValues>(
        (values) => [
          ...validateProfileUpdate(values, new Date(serverNow())),
          ...(changesEmail(values, profile.email) && !values.currentPassword
            ? [{ field: 'currentPassword', message: CURRENT_PASSWORD_NEEDED }]
            : []),
        ],
        formPathOf,
      ),
    [serverNow, profile.email],
  );

  const submit = async (values: ProfileFormValues, helpers: FormikHelpers<ProfileFormValues>) => {
    clearAll();
    try {
      const result = await endpoints.updateProfile(profileUpdateBody(values, profile.svid, profile.email));
      if (result.email_changed) {
        session.logout();
        navigate('/');
        showMessage(EMAIL_CHANGED_MESSAGE);
        return;
      }
      session.setProfile(result.user);
      helpers.resetForm({ values: profileFormValues(result.user) });
      showMessage(PROFILE_UPDATED);
    } catch (error) {
      if (error instanceof ApiError) helpers.setErrors(formErrorsFromServer(error.errors));
      showError(error);
    }
    window.scrollTo(0, 0);
  };

  return (
    <Box>
      <Typography variant="h4" component="h1" gutterBottom sx={{ overflowWrap: 'anywhere' }}>
        Profile · {profile.svid}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Fields marked * are required.
      </Typography>
      <Formik initialValues={initialValues} validationSchema={schema} validateOnBlur validateOnChange={false} onSubmit={submit}>
        <ProfileFields savedEmail={profile.email} />
      </Formik>
      <MyDataPanel />
    </Box>
  );
}

function ProfileFields({ savedEmail }: { savedEmail: string }) {
  const { values, isSubmitting, validateForm, submitForm } = useFormikContext<ProfileFormValues>();
  const { showError, clearMessage } = useAlerts();

  // Formik marks every field touched and skips onSubmit when a rule fails; the page then says so at the top.
  const attemptSubmit = async () => {
    const errors = await validateForm();
    await submitForm();
    if (Object.keys(errors).length) {
      clearMessage();
      showError(REQUIRED_PROFILE_MESSAGE);
      window.scrollTo(0, 0);
    }
  };

  return (
    <Form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void attemptSubmit();
      }}
    >
      <Stack spacing={3}>
        <Section title="Name and contact">
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextInput name="firstName" helperText={KEEP_ROOM} label={LABELS.firstName} required autoComplete="given-name" />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextInput name="lastName" helperText={KEEP_ROOM} label={LABELS.lastName} required autoComplete="family-name" />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextInput
                name="nickname"
                label={LABELS.nickname}
                autoComplete="nickname"
                helperText="The name you would like on your badge, if it differs"
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextInput
                name="email"
                label="Email"
                type="email"
                required
                autoComplete="email"
                helperText="If you change it, you will sign in again and confirm the new address with a code"
              />
            </Grid>
            {changesEmail(values, savedEmail) && (
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextInput
                  name="currentPassword"
                  label="Current password"
                  type="password"
                  required
                  autoComplete="current-password"
                  helperText="Needed to change your email address; we also tell your old address"
                />
              </Grid>
            )}
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextInput
                name="birthdate"
                helperText={KEEP_ROOM}
                label={LABELS.birthdate}
                type="date"
                required
                autoComplete="bday"
                slotProps={{ inputLabel: { shrink: true } }}
              />
            </Grid>
          </Grid>
        </Section>

        <Section title="About you">
          <Stack spacing={2}>
            <CheckboxGroupInput name="gender" label={LABELS.gender} choices={PRONOUNS} required />
            {values.gender.includes('other') && (
              <TextInput name="genderIdentity" label={LABELS.genderIdentity} helperText="Tell us the pronouns you use" />
            )}
            <CheckboxGroupInput name="underrepresented" label={`${LABELS.underrepresented} (optional)`} choices={ETHNICITIES} />
            {values.underrepresented.includes('other') && (
              <TextInput
                name="underrepresentedGroup"
                label={LABELS.underrepresentedGroup}
                helperText="Tell us how you describe your ethnicity"
              />
            )}
            <RadioInput name="disability" label="Do you have a disability?" choices={DISABILITY_CHOICES} required />
            {values.disability === 'yes' && (
              <TextInput
                name="disabilityType"
                label={LABELS.disabilityType}
                required
                helperText="So that we can plan shifts and support that work for you"
              />
            )}
          </Stack>
        </Section>

        <Section title="Address">
          <Grid container spacing={2}>
            <Grid size={12}>
              <TextInput name="address.address1" helperText={KEEP_ROOM} label={LABELS.address1} required autoComplete="address-line1" />
            </Grid>
            <Grid size={12}>
              <TextInput name="address.address2" helperText={KEEP_ROOM} label={LABELS.address2} autoComplete="address-line2" />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextInput name="address.city" helperText={KEEP_ROOM} label={LABELS.city} required autoComplete="address-level2" />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextInput
                name="address.region"
                label={LABELS.region}
                required
                autoComplete="address-level1"
                helperText="'N/A' if not applicable"
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <CountryInput name="address.country" label={LABELS.country} required />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextInput name="address.postalCode" helperText={KEEP_ROOM} label={LABELS.postalCode} required autoComplete="postal-code" />
            </Grid>
          </Grid>
        </Section>

        <Section title="Languages and phone">
          <Stack spacing={2}>
            <MultiSelectInput
              name="languages"
              label={LABELS.languages}
              choices={LANGUAGE_CHOICES}
              helperText="Choose only the languages you use daily"
            />
            <TextInput
              name="phoneNumber"
              label={LABELS.phoneNumber}
              type="tel"
              required
              autoComplete="tel"
              placeholder="+1 604 555 0100"
              helperText="Start with + and your international code, e.g. +1 604 555 0100"
            />
            <Box>
              <Typography variant="body2" color="text.secondary">
                During the conference in Canada, can we reach you at this number?
              </Typography>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
                <CheckboxInput name="canText" label={LABELS.canText} />
                <CheckboxInput name="canCall" label={LABELS.canCall} />
              </Stack>
            </Box>
          </Stack>
        </Section>

        <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
          <Button component={RouterLink} to="/dashboard" variant="outlined">
            Back to Dashboard
          </Button>
          <Button type="submit" variant="contained" disabled={isSubmitting}>
            {isSubmitting ? 'Saving...' : 'Update Profile'}
          </Button>
        </Stack>
      </Stack>
    </Form>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper component="section" variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}
