import { Alert, AlertTitle, Box, Typography } from '@mui/material';
import { CATALOGUE_NAMES, STATUS_CATALOGUES, WAITLIST_OFFER_DAYS, type EditionSettings, editionWarnings } from '@svp/domain';
import { type ReactNode, useMemo, useState } from 'react';
import {
  BooleanInput,
  Edit,
  NumberInput,
  RadioButtonGroupInput,
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
  email,
  required,
  useNotify,
  useSaveContext,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { useEditionChoice } from '../editions/EditionContext';
import { NextEditionCard } from '../editions/NextEditionCard';
import { CONFERENCE_LABELS, conferenceErrors, labelConferenceKeys, settingsServerErrors } from './conferenceErrors';
import { CONFERENCE_HELP, ConferenceDayInputs, TimelineInputs, validateEditionDates } from './EditionDateInputs';
import { EditionTextInputs, FollowDerivedTexts } from './EditionTextInputs';
import { labelTimelineKeys, timelineErrors } from './timelineErrors';

const CATALOGUE_CHOICES = CATALOGUE_NAMES.map((name) => ({
  id: name,
  // Pending has no id in either catalogue.
  name: `${name}: ${STATUS_CATALOGUES[name].map((entry) => (entry.id === null ? entry.label : `${entry.id} ${entry.label}`)).join(', ')}`,
}));

/**
 * What is odd about the edition as typed, once its dates are valid: shown beside the form, never blocking a save. It watches the timeline
 * and the conference facts only (no FormDataConsumer here: it watches every value and reads the form's isDirty, which draws the whole form,
 * every input, again when a field is left or first changed), and works the warnings out again only when those change.
 */
function EditionWarnings() {
  const [timeline, conference] = useWatch<EditionSettings, ['timeline', 'conference']>({ name: ['timeline', 'conference'] });
  const warnings = useMemo(() => {
    const valid =
      timeline && conference && !Object.keys(timelineErrors(timeline)).length && !Object.keys(conferenceErrors(conference)).length;
    return valid ? editionWarnings({ timeline, conference }) : [];
  }, [timeline, conference]);
  if (!warnings.length) return null;
  return (
    <Alert severity="warning" sx={{ width: '100%', mb: 1 }} data-testid="edition-warnings">
      <AlertTitle>Check these dates (saving is still allowed)</AlertTitle>
      {warnings.map((warning) => (
        <div key={warning}>{labelConferenceKeys(warning)}</div>
      ))}
    </Alert>
  );
}

/** The form, with the API's field errors worded as the form's own; an earlier edition's settings can only be read. */
function SettingsForm({ children, readOnly }: { children: ReactNode; readOnly: boolean }) {
  const { save } = useSaveContext();
  const submit = async (values: Record<string, unknown>) => {
    const errors = await save?.(values);
    return errors ? settingsServerErrors(errors as Record<string, unknown>) : errors;
  };
  return (
    <SimpleForm
      toolbar={readOnly ? false : <SaveOnly />}
      disabled={readOnly}
      validate={validateEditionDates}
      onSubmit={submit}
      sx={{ maxWidth: 720 }}
    >
      {children}
    </SimpleForm>
  );
}

const SaveOnly = () => (
  <Toolbar>
    <SaveButton />
  </Toolbar>
);

/** Whether team leaders see the received references (ratings and statement) when they score. */
export const JURY_REFERENCES_HELP =
  "The jury then sees each received reference's ratings and statement, never the referee's name or email.";

export const SWAPS_ON_HELP =
  'On: volunteers swap shifts online: they offer a shift, accept another volunteer’s open request, and delete their own requests.';
export const SWAPS_OFF_HELP =
  'Off: volunteers see the notice that swaps are handled only at the volunteer office or by email, with both volunteers’ confirmation.';

/** The swaps switch, saying what its current position means for volunteers: it alone follows its value. */
function SwapsSwitch() {
  const swapsEnabled = useWatch<EditionSettings, 'swapsEnabled'>({ name: 'swapsEnabled' });
  return <BooleanInput source="swapsEnabled" label="Shift swaps online" helperText={swapsEnabled ? SWAPS_ON_HELP : SWAPS_OFF_HELP} />;
}

function Heading({ children }: { children: string }) {
  return (
    <Typography component="h2" variant="h6" sx={{ mt: 2 }}>
      {children}
    </Typography>
  );
}

/** The edition: the conference facts, the timeline, the status catalogue, the switches, the contact email and the result texts; then the
 * way to next year's edition. An earlier edition's are only shown. */
export function SettingsEdit() {
  const notify = useNotify();
  const { reading } = useEditionChoice();
  const [serverError, setServerError] = useState<string | null>(null);
  return (
    <>
      <Edit
        resource="settings"
        id="edition"
        title={reading ? `Settings of ${reading.name}` : 'Settings'}
        redirect={false}
        mutationMode="pessimistic"
        actions={false}
        mutationOptions={{
          onSuccess: () => {
            setServerError(null);
            notify('Settings saved', { type: 'success' });
          },
          onError: (error) =>
            setServerError(labelConferenceKeys(labelTimelineKeys(error instanceof Error ? error.message : 'Unable to save the settings'))),
        }}
      >
        <SettingsForm readOnly={reading !== null}>
          {serverError && (
            <Alert severity="error" sx={{ width: '100%' }} onClose={() => setServerError(null)}>
              {serverError}
            </Alert>
          )}
          <EditionWarnings />
          <Heading>Conference</Heading>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            The applicant pages, the schedules, the hours and the emails read these facts.
          </Typography>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2, width: '100%' }}>
            <TextInput source="conference.name" label={CONFERENCE_LABELS.name} />
            <TextInput source="conference.city" label={CONFERENCE_LABELS.city} />
            <ConferenceDayInputs />
            <NumberInput source="conference.svHours" label={CONFERENCE_LABELS.svHours} helperText={CONFERENCE_HELP.svHours} />
            <NumberInput source="conference.tlHours" label={CONFERENCE_LABELS.tlHours} helperText={CONFERENCE_HELP.tlHours} />
          </Box>
          <Heading>Timeline</Heading>
          <TimelineInputs />
          <Heading>Processing status catalogue</Heading>
          <RadioButtonGroupInput
            source="statusCatalogue"
            label="Status ids and labels"
            choices={CATALOGUE_CHOICES}
            row={false}
            validate={required()}
          />
          <Heading>Switches</Heading>
          <SwapsSwitch />
          <BooleanInput
            source="autoOfferWaitlist"
            label="Offer waitlisted places automatically when offers lapse"
            helperText={
              `At the confirmation deadline, each place of an unconfirmed offer goes to the waitlisted applicant with the ` +
              `best average jury score, who gets ${WAITLIST_OFFER_DAYS} days to confirm.`
            }
          />
          <BooleanInput source="juryReferences" label="Show references to the jury" helperText={JURY_REFERENCES_HELP} />
          <Heading>Contact and result texts</Heading>
          <TextInput
            source="contactEmail"
            label="Contact email"
            type="email"
            validate={[required(), email()]}
            helperText="Shown in error messages and emails"
          />
          <EditionTextInputs />
          {!reading && <FollowDerivedTexts />}
        </SettingsForm>
      </Edit>
      {!reading && <NextEditionCard />}
    </>
  );
}
