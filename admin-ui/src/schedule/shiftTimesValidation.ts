import { parsePacific, shiftTimesProblem } from '@svp/domain';

export interface ShiftTimesInput {
  startTime?: string | null;
  endTime?: string | null;
}

const LOCAL = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/;

/** The form errors of a shift's Pacific local times, as the API would answer them (skipped DST hour, order, length). */
export function shiftTimesErrors(values: ShiftTimesInput): Record<string, string> {
  const errors: Record<string, string> = {};
  const read = (field: 'startTime' | 'endTime') => {
    const value = values[field];
    if (!value) {
      errors[field] = 'Required';
      return null;
    }
    const at = LOCAL.test(value) ? parsePacific(value) : null;
    if (!at)
      errors[field] = LOCAL.test(value) ? 'This time does not exist in Pacific time (clocks skip that hour).' : 'Use YYYY-MM-DD HH:mm';
    return at;
  };
  const startsAt = read('startTime');
  const endsAt = read('endTime');
  if (startsAt && endsAt) {
    const problem = shiftTimesProblem({ startsAt, endsAt });
    if (problem) errors.endTime = problem;
  }
  return errors;
}

/** The datetime-local control speaks "YYYY-MM-DDTHH:mm"; the API speaks "YYYY-MM-DD HH:mm". */
export const toControl = (value: string | null | undefined) => (value ? value.replace(' ', 'T') : '');
export const fromControl = (value: string | null | undefined) => (value ? value.replace('T', ' ').slice(0, 16) : '');
