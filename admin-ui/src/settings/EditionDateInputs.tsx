import { Alert, Box } from '@mui/material';
import { type EditionSettings, TIMELINE_KEYS, TIMELINE_LABELS, type TimelineKey, formatWeekdayDay, resultTextProblems } from '@svp/domain';
import { TextInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { isoToUtcInput, utcInputToIso } from '../common/utcDates';
import { CONFERENCE_DAYS, CONFERENCE_LABELS, type ConferenceField, conferenceErrors } from './conferenceErrors';
import { timelineErrors } from './timelineErrors';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A day (YYYY-MM-DD) with its weekday, 'Friday 13 August 2027'; '' for anything else. */
export function dayWithWeekday(day: unknown): string {
  if (typeof day !== 'string' || !DAY.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`))) return '';
  return `${formatWeekdayDay(day)} ${day.slice(0, 4)}`;
}

/** An instant's UTC day with its weekday, as the timeline's inputs (in UTC) show it; '' for anything else. */
export function instantWeekday(iso: unknown): string {
  if (typeof iso !== 'string' || Number.isNaN(Date.parse(iso))) return '';
  return dayWithWeekday(new Date(iso).toISOString().slice(0, 10));
}

/** A helper text that starts with the weekday of the input's current value, so a date moved onto a Saturday is seen. */
function WeekdayHelper({ source, help, read }: { source: string; help?: string; read: (value: unknown) => string }) {
  const value: unknown = useWatch({ name: source });
  const weekday = read(value);
  return <>{[weekday, help].filter(Boolean).join(' · ') || ' '}</>;
}

export const CONFERENCE_HELP: Partial<Record<ConferenceField, string>> = {
  firstShiftDay: 'The pre-conference day: the first day with shifts',
  startDate: 'Volunteers serve from this day…',
  endDate: '…to this one',
  defaultScheduleDay: 'The day the schedules open on',
  svHours: 'About how many hours a student volunteer works',
  tlHours: 'About how many hours a team leader works',
};

/**
 * The form's check of the timeline, the conference facts and the results texts: the rules the API
 * applies, by field. The texts are checked against dates in order only.
 */
export const validateEditionDates = (values: Partial<EditionSettings>) => {
  const timeline = timelineErrors(values.timeline);
  const conference = conferenceErrors(values.conference);
  const texts =
    !Object.keys(timeline).length && values.timeline && values.conference && values.resultTexts
      ? Object.fromEntries(
          resultTextProblems({ timeline: values.timeline, conference: values.conference, resultTexts: values.resultTexts }).map((p) => [
            p.field,
            p.message,
          ]),
        )
      : {};
  return {
    ...(Object.keys(timeline).length ? { timeline } : {}),
    ...(Object.keys(conference).length ? { conference } : {}),
    ...(Object.keys(texts).length ? { resultTexts: texts } : {}),
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
          helperText={<WeekdayHelper source={`conference.${day}`} help={CONFERENCE_HELP[day]} read={dayWithWeekday} />}
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
            helperText={<WeekdayHelper source={`timeline.${key satisfies TimelineKey}`} read={instantWeekday} />}
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
