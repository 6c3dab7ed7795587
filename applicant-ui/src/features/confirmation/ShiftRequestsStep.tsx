import { Alert, Box, MenuItem, Stack, Tab, Tabs, TextField, Typography } from '@mui/material';
import { FORM_VENUE_PREFERENCES, type FormVenuePreference, editionTexts, preconferenceDays, venuePreferenceLabel } from '@svp/domain';
import { useField, useFormikContext } from 'formik';
import { type ReactNode, useState } from 'react';
import { CheckboxInput, RadioInput } from '../../components/form-fields';
import { useSettings } from '../../state/SettingsContext';
import { AvailabilityFields } from '../availability/AvailabilityFields';
import { AVAILABILITY_FIELD, type ConfirmationValues, LABELS, PRECONFERENCE_TIME_CHOICES } from './confirmationFormModel';
import { Section } from './Section';

/** The pre-conference tab, then a tab per venue preference of the form, named as domain's list names it. */
const SHIFT_TABS: readonly { key: 'preconfShifts' | FormVenuePreference; label: string }[] = [
  { key: 'preconfShifts', label: 'Pre-conference Shifts' },
  ...FORM_VENUE_PREFERENCES.map((key) => ({ key, label: venuePreferenceLabel(key) })),
];

/** Step 2: special shift requests in tabs, the optional availability answers, and the commitment to serve in person. */
export function ShiftRequestsStep() {
  const { settings } = useSettings();
  const { values } = useFormikContext<ConfirmationValues>();
  const [tab, setTab] = useState(0);
  const { conference } = settings;
  const texts = editionTexts(conference);
  const requested = SHIFT_TABS.filter(({ key }) => values[key]).map(({ label }) => label);

  return (
    <Stack spacing={4}>
      <Section title="Special Shift Requests">
        <Typography>
          Some areas need volunteers with extra time or a particular interest. Tell us which you would like; we try to honour requests but
          cannot promise them.
        </Typography>
        <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
          <Tabs
            value={tab}
            onChange={(_event, next: number) => setTab(next)}
            variant="scrollable"
            scrollButtons="auto"
            allowScrollButtonsMobile
            aria-label="Special shift requests"
          >
            {SHIFT_TABS.map(({ key, label }, index) => (
              <Tab key={key} label={label} id={`shift-tab-${index}`} aria-controls={`shift-panel-${index}`} />
            ))}
          </Tabs>
        </Box>
        <ShiftPanel index={0} tab={tab}>
          <Typography>
            Pre-conference shifts help set the conference up before it opens; they may start on {texts.firstShiftDay}. If you want them,
            tell us the first day and the earliest time you can start.
          </Typography>
          <CheckboxInput name="preconfShifts" label={LABELS.preconfShifts} />
          {values.preconfShifts && (
            <Stack spacing={2} sx={{ pl: { xs: 0, sm: 4 } }}>
              <RadioInput name="preconfStart" label={LABELS.preconfStart} choices={preconferenceDays(conference)} />
              <PreconferenceTimeSelect />
            </Stack>
          )}
          <Alert severity="warning">
            Pre-conference shifts over {conference.svHours} hours may mean you do not receive a schedule for the conference week.
          </Alert>
        </ShiftPanel>
        <ShiftPanel index={1} tab={tab}>
          <Typography>
            {venuePreferenceLabel('artGallery')} shifts involve welcoming visitors to the gallery, answering questions about the works and
            their artists, and watching over the installations so that they stay safe.
          </Typography>
          <CheckboxInput name="artGallery" label={LABELS.artGallery} />
        </ShiftPanel>
        <ShiftPanel index={2} tab={tab}>
          <Typography>
            {venuePreferenceLabel('labs')} shifts support the hands-on sessions: helping attendees at the workstations, setting up equipment
            and keeping sessions on time.
          </Typography>
          <CheckboxInput name="labs" label={LABELS.labs} />
        </ShiftPanel>
        <ShiftPanel index={3} tab={tab}>
          <Typography>
            {venuePreferenceLabel('pavillion')} shifts help attendees try the virtual- and augmented-reality experiences: guiding the
            queues, explaining how to use the headsets safely and cleaning them between visitors.
          </Typography>
          <CheckboxInput name="pavillion" label={LABELS.pavillion} />
        </ShiftPanel>
        <Typography aria-live="polite">Your requests: {requested.length ? requested.join(', ') : 'none'}.</Typography>
      </Section>

      <Section title="Your Availability (Optional)">
        <Typography>
          Tell us the days or hours you cannot work, the most hours you can work in a day and the rest you need between two shifts: your
          schedule is built around them. You can also give or change these answers later from your dashboard, until schedules are released.
        </Typography>
        <AvailabilityFields name={AVAILABILITY_FIELD} />
      </Section>

      <Section title="Commitment to Serve in Person">
        <Typography>
          Student Volunteers serve in person in {conference.city} from {texts.serviceDays} and must not leave before {texts.stayUntil}.
        </Typography>
        <CheckboxInput
          name="inPerson"
          label={`I will be in person from ${texts.serviceDays}, and I will not depart before ${texts.stayUntil}.`}
        />
      </Section>
    </Stack>
  );
}

function ShiftPanel({ index, tab, children }: { index: number; tab: number; children: ReactNode }) {
  return (
    <Box role="tabpanel" hidden={tab !== index} id={`shift-panel-${index}`} aria-labelledby={`shift-tab-${index}`}>
      {tab === index && <Stack spacing={1.5}>{children}</Stack>}
    </Box>
  );
}

/** The start time has a default and no empty choice, so it is never left unanswered. */
function PreconferenceTimeSelect() {
  const [field] = useField<string>('preconfStartTime');
  return (
    <TextField select id="preconfStartTime" label={LABELS.preconfStartTime} {...field} sx={{ maxWidth: 360 }} fullWidth>
      {PRECONFERENCE_TIME_CHOICES.map((choice) => (
        <MenuItem key={choice.value} value={choice.value}>
          {choice.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
