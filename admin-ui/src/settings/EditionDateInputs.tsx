import { Alert, Box } from '@mui/material';
import { type EditionSettings, TIMELINE_KEYS, TIMELINE_LABELS } from '@svp/domain';
import { TextInput } from 'react-admin';
import { isoToUtcInput, utcInputToIso } from '../common/utcDates';
import { CONFERENCE_DAYS, CONFERENCE_LABELS, type ConferenceField, conferenceErrors } from './conferenceErrors';
import { timelineErrors } from './timelineErrors';

export const CONFERENCE_HELP: Partial<Record<ConferenceField, string>> = {
  firstShiftDay: 'The pre-conference day: the first day with shifts',
  startDate: 'Volunteers serve from this day…',
  endDate: '…to this one',
  defaultScheduleDay: 'The day the schedules open on',
  svHours: 'About how many hours a student volunteer works',
  tlHours: 'About how many hours a team leader works',
};

/** The form's check of the timeline and the conference facts: the rules the API applies, by field. */
export const validateEditionDates = (values: Partial<EditionSettings>) => {
  const timeline = timelineErrors(values.timeline);
  const conference = conferenceErrors(values.conference);
  return {
    ...(Object.keys(timeline).length ? { timeline } : {}),
    ...(Object.keys(conference).length ? { conference } : {}),
  };
};

/** The conference's days, each a date input, for a grid of inputs. */
export function ConferenceDayInputs() {
  return (
    <>
      {CONFERENCE_DAYS.map((day) => (
        <TextInput
          key={day}
          source={`conference.${day}`}
          label={CONFERENCE_LABELS[day]}
          helperText={CONFERENCE_HELP[day]}
          type="date"
          slotProps={{ inputLabel: { shrink: true } }}
        />
      ))}
    </>
  );
}

/** Every date of the timeline, in UTC, with what their order must be. */
export function TimelineInputs() {
  return (
    <>
      <Alert severity="info" sx={{ width: '100%', mb: 2 }}>
        All times are in <strong>UTC</strong>, not your browser’s time zone. Each date must come after the one above it; the team leader
        deadline may equal the application deadline. {TIMELINE_LABELS.referencesDeadline} only has to fall after the application deadline
        and before the jury deadline: references may still arrive while the jury works.
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
    </>
  );
}
