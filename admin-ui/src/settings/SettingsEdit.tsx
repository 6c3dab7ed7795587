import { Alert, Box, Typography } from '@mui/material';
import { CATALOGUE_NAMES, STATUS_CATALOGUES, TIMELINE_KEYS, TIMELINE_LABELS, WAITLIST_OFFER_DAYS, type EditionSettings } from '@svp/domain';
import { useState } from 'react';
import { BooleanInput, Edit, RadioButtonGroupInput, SaveButton, SimpleForm, TextInput, Toolbar, email, required, useNotify } from 'react-admin';
import { isoToUtcInput, utcInputToIso } from '../common/utcDates';
import { labelTimelineKeys, timelineErrors } from './timelineErrors';

const CATALOGUE_CHOICES = CATALOGUE_NAMES.map((name) => ({
  id: name,
  // Pending has no id in either catalogue.
  name: `${name}: ${STATUS_CATALOGUES[name].map((entry) => (entry.id === null ? entry.label : `${entry.id} ${entry.label}`)).join(', ')}`,
}));

const RESULT_TEXTS: { source: keyof EditionSettings['resultTexts']; label: string; helper: string }[] = [
  { source: 'teamLeaderResults', label: 'Team leader results', helper: "When team leader applicants hear back, e.g. 'mid-February 2025'" },
  { source: 'studentVolunteerResults', label: 'Student volunteer results', helper: "When student volunteer applicants hear back, e.g. 'late April 2025'" },
  { source: 'thankYouTeamLeaderResults', label: 'Thank-you page: team leader results', helper: 'Shown after a team leader application is submitted' },
  { source: 'thankYouStudentVolunteerResults', label: 'Thank-you page: student volunteer results', helper: 'Shown after an application is submitted' },
  { source: 'confirmBy', label: 'Confirm by', helper: 'When offered volunteers must confirm' },
];

const validate = (values: Partial<EditionSettings>) => {
  const timeline = timelineErrors(values.timeline);
  return Object.keys(timeline).length ? { timeline } : {};
};

const SaveOnly = () => (
  <Toolbar>
    <SaveButton />
  </Toolbar>
);

function Heading({ children }: { children: string }) {
  return (
    <Typography component="h2" variant="h6" sx={{ mt: 2 }}>
      {children}
    </Typography>
  );
}

/** The edition's timeline, status catalogue, swaps switch, contact email and result texts (DESIGN.md §3-4). */
export function SettingsEdit() {
  const notify = useNotify();
  const [serverError, setServerError] = useState<string | null>(null);
  return (
    <Edit
      resource="settings"
      id="edition"
      title="Settings"
      redirect={false}
      mutationMode="pessimistic"
      actions={false}
      mutationOptions={{
        onSuccess: () => {
          setServerError(null);
          notify('Settings saved', { type: 'success' });
        },
        onError: (error) => setServerError(labelTimelineKeys(error instanceof Error ? error.message : 'Unable to save the settings')),
      }}
    >
      <SimpleForm toolbar={<SaveOnly />} validate={validate} sx={{ maxWidth: 720 }}>
        {serverError && (
          <Alert severity="error" sx={{ width: '100%' }} onClose={() => setServerError(null)}>
            {serverError}
          </Alert>
        )}
        <Heading>Timeline</Heading>
        <Alert severity="info" sx={{ width: '100%', mb: 2 }}>
          All times are in <strong>UTC</strong>, not your browser’s time zone. Each date must come after the one above it; the team leader deadline may equal the application deadline.
        </Alert>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2, width: '100%' }}>
          {TIMELINE_KEYS.map((key) => (
            <TextInput
              key={key}
              source={`timeline.${key}`}
              label={`${TIMELINE_LABELS[key]} (UTC)`}
              type="datetime-local"
              format={isoToUtcInput}
              parse={utcInputToIso}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          ))}
        </Box>
        <Heading>Processing status catalogue</Heading>
        <RadioButtonGroupInput source="statusCatalogue" label="Status ids and labels" choices={CATALOGUE_CHOICES} row={false} validate={required()} />
        <Heading>Switches</Heading>
        <BooleanInput source="swapsEnabled" label="Shift swaps online" helperText="Off: volunteers see the notice that swaps are handled at the volunteer office or by email." />
        <BooleanInput
          source="autoOfferWaitlist"
          label="Offer waitlisted places automatically when offers lapse"
          helperText={`At the confirmation deadline, each place of an unconfirmed offer goes to the waitlisted applicant with the best average jury score, who gets ${WAITLIST_OFFER_DAYS} days to confirm.`}
        />
        <Heading>Contact and result texts</Heading>
        <TextInput source="contactEmail" label="Contact email" type="email" validate={[required(), email()]} helperText="Shown in error messages and emails" />
        <TextInput source="mailingListUrl" label="Mailing list address" type="url" validate={required()} />
        {RESULT_TEXTS.map(({ source, label, helper }) => (
          <TextInput key={source} source={`resultTexts.${source}`} label={label} helperText={helper} validate={required()} />
        ))}
      </SimpleForm>
    </Edit>
  );
}
