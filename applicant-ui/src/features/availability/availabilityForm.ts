import { type FieldError, conferenceDays, formatWeekdayDay, validateConstraints } from '@svp/domain';
import { setIn } from 'formik';
import type { VolunteerConstraints } from '../../api/types';

/** One time the volunteer cannot work, as the form holds it (times 'HH:mm', empty while unanswered). */
export interface UnavailableRow {
  day: string;
  hours: 'wholeDay' | 'someHours';
  from: string;
  to: string;
}

/** The availability answers as the form holds them: numbers as typed, empty meaning none. */
export interface AvailabilityValues {
  unavailable: UnavailableRow[];
  maxHoursPerDay: string;
  minRestMinutes: string;
}

/** Answers typed on the confirmation form that could not be saved with it, handed to the availability page with the server's field errors.
 * */
export interface AvailabilityDraft {
  answers: AvailabilityValues;
  errors: Record<string, string>;
}

export const AVAILABILITY_LABELS = {
  unavailable: 'Days or hours you cannot work',
  day: 'Day',
  hours: 'When',
  from: 'From',
  to: 'To',
  maxHoursPerDay: 'Most hours you can work in a day',
  minRestMinutes: 'Minutes of rest between shifts',
} as const;

export const emptyAvailability = (): AvailabilityValues => ({ unavailable: [], maxHoursPerDay: '', minRestMinutes: '' });

export const HOURS_CHOICES = [
  { value: 'wholeDay', label: 'The whole day' },
  { value: 'someHours', label: 'Only some hours' },
] as const;

export const newUnavailableRow = (): UnavailableRow => ({ day: '', hours: 'wholeDay', from: '', to: '' });

export function availabilityValues(constraints: VolunteerConstraints): AvailabilityValues {
  return {
    unavailable: constraints.unavailable.map(({ day, from, to }) => ({
      day,
      hours: from === null && to === null ? 'wholeDay' : 'someHours',
      from: from ?? '',
      to: to ?? '',
    })),
    maxHoursPerDay: constraints.maxHoursPerDay === null ? '' : String(constraints.maxHoursPerDay),
    minRestMinutes: constraints.minRestMinutes === null ? '' : String(constraints.minRestMinutes),
  };
}

// Formik hands an empty answer to a schema as undefined; a typed number stays as typed, for the rule to judge.
const numberOrNull = (typed: string | undefined): number | null => (typed === undefined || typed.trim() === '' ? null : Number(typed));

/** The body of PUT /users/availability: a whole day has no times. */
export function availabilityConstraints(values: AvailabilityValues): VolunteerConstraints {
  return {
    unavailable: values.unavailable.map(({ day, hours, from, to }) =>
      hours === 'wholeDay' ? { day, from: null, to: null } : { day, from, to },
    ),
    maxHoursPerDay: numberOrNull(values.maxHoursPerDay),
    minRestMinutes: numberOrNull(values.minRestMinutes),
  };
}

/** Whether anything was answered (the confirmation form saves availability only then). */
export const hasAvailabilityAnswers = (values: AvailabilityValues): boolean =>
  values.unavailable.length > 0 || values.maxHoursPerDay.trim() !== '' || values.minRestMinutes.trim() !== '';

/**
 * Every problem with the answers, each at its path ('unavailable.0.to'): the domain's rule, which
 * the server applies too, so that a form is not sent only to be refused.
 */
export const availabilityProblems = (values: AvailabilityValues, days: readonly string[]): FieldError[] =>
  validateConstraints(availabilityConstraints(values), days);

/** The edition's days with shifts (the pre-conference day included), as the form offers them. */
export const availabilityDays = (conference: Parameters<typeof conferenceDays>[0]) =>
  conferenceDays(conference).map((day) => ({ value: day, label: formatWeekdayDay(day) }));

/** A time the volunteer cannot work, in words: 'Friday 8 August, the whole day' or 'Friday 8 August, 09:00 to 13:00'. */
export const unavailableText = ({ day, from, to }: VolunteerConstraints['unavailable'][number]): string =>
  from === null && to === null ? `${formatWeekdayDay(day)}, the whole day` : `${formatWeekdayDay(day)}, ${from} to ${to}`;

/**
 * The server's field errors ('unavailable.0.day', 'maxHoursPerDay') as Formik errors and touched
 * flags at the same paths under `name`, so each shows beside its field.
 */
export function serverFieldErrors(
  errors: Record<string, string>,
  name = '',
): { errors: Record<string, unknown>; touched: Record<string, unknown> } {
  let formErrors: Record<string, unknown> = {};
  let touched: Record<string, unknown> = {};
  for (const [field, message] of Object.entries(errors)) {
    const path = name ? `${name}.${field}` : field;
    formErrors = setIn(formErrors, path, message);
    touched = setIn(touched, path, true);
  }
  return { errors: formErrors, touched };
}

/** Where the cursor goes for a problem at `path`: the field's own id (the fields are named by their paths). */
export function focusAvailabilityField(path: string): void {
  const element = document.getElementById(path) ?? document.querySelector<HTMLElement>(`[name="${path}"]`);
  element?.focus();
}
