import type { FieldError } from '../timeline.js';
import type { VolunteerConstraintsInput } from '../contract/builder.js';

/** Declared once, as wire shapes, in domain/src/contract/builder.ts. */
export type { UnavailableTime, VolunteerConstraintsInput } from '../contract/builder.js';

export const MAX_UNAVAILABLE_ENTRIES = 50;
export const MAX_REST_MINUTES = 720;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Every problem with a volunteer's constraints, by field ('unavailable.2.to', 'maxHoursPerDay'…); days must be conference days. */
export function validateConstraints(input: VolunteerConstraintsInput, conferenceDays: readonly string[]): FieldError[] {
  const errors: FieldError[] = [];
  const fail = (field: string, message: string) => errors.push({ field, message });
  if (input.unavailable.length > MAX_UNAVAILABLE_ENTRIES)
    fail('unavailable', `List at most ${MAX_UNAVAILABLE_ENTRIES} times you cannot work.`);
  input.unavailable.forEach((gap, i) => {
    const at = `unavailable.${i}`;
    if (!conferenceDays.includes(gap.day))
      fail(`${at}.day`, `Choose one of the conference days, ${conferenceDays[0]} to ${conferenceDays.at(-1)}.`);
    const whole = gap.from === null && gap.to === null;
    if (whole) return;
    if (gap.from === null || !TIME.test(gap.from))
      fail(`${at}.from`, 'Give the time you cannot work from as HH:mm, or leave both times empty for the whole day.');
    if (gap.to === null || !TIME.test(gap.to))
      fail(`${at}.to`, 'Give the time you can work again as HH:mm, or leave both times empty for the whole day.');
    else if (gap.from !== null && TIME.test(gap.from) && gap.to <= gap.from)
      fail(`${at}.to`, 'The end of the time you cannot work must be after its start.');
  });
  if (
    input.maxHoursPerDay !== null &&
    !(Number.isInteger(input.maxHoursPerDay) && input.maxHoursPerDay >= 1 && input.maxHoursPerDay <= 24)
  ) {
    fail('maxHoursPerDay', 'The most hours a day must be a whole number from 1 to 24, or empty for no limit.');
  }
  if (
    input.minRestMinutes !== null &&
    !(Number.isInteger(input.minRestMinutes) && input.minRestMinutes >= 0 && input.minRestMinutes <= MAX_REST_MINUTES)
  ) {
    fail('minRestMinutes', `The rest between shifts must be a whole number of minutes from 0 to ${MAX_REST_MINUTES}, or empty.`);
  }
  return errors;
}
