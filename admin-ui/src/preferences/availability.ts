import { formatShiftDay, validateConstraints } from '@svp/domain';
import type { UnavailableTime, VolunteerConstraints } from './types';

/** 'Sat Aug 8th, whole day' or 'Sat Aug 8th 13:00–17:00' (Pacific). */
export function unavailableText(entry: UnavailableTime): string {
  return entry.from && entry.to ? `${formatShiftDay(entry.day)} ${entry.from}–${entry.to}` : `${formatShiftDay(entry.day)}, whole day`;
}

type Errors = { [field: string]: string | Errors | Errors[] };

/** Puts a message at a dotted field ('unavailable.2.to') of a nested object; lists get empty objects for their good rows. */
function place(errors: Errors, path: string[], message: string): void {
  const [head, ...rest] = path as [string, ...string[]];
  if (rest.length === 0) {
    errors[head] ??= message;
    return;
  }
  const isIndex = /^\d+$/.test(rest[0]!);
  if (isIndex) {
    const list = (errors[head] ??= []) as Errors[];
    const index = Number(rest[0]);
    for (let i = list.length; i <= index; i++) list.push({});
    if (rest.length === 1) return;
    place(list[index]!, rest.slice(1), message);
  } else place((errors[head] ??= {}) as Errors, rest, message);
}

/**
 * The availability rule the server applies (`validateConstraints`), shaped like the form so each
 * message shows under its field. Until the edition's days are known, nothing is checked here.
 */
export function availabilityErrors(values: Partial<VolunteerConstraints>, days: readonly string[]): Errors {
  if (days.length === 0) return {};
  const input = {
    unavailable: (values.unavailable ?? []).map((entry) => ({ day: entry?.day ?? '', from: entry?.from || null, to: entry?.to || null })),
    maxHoursPerDay: values.maxHoursPerDay ?? null,
    minRestMinutes: values.minRestMinutes ?? null,
  };
  const errors: Errors = {};
  for (const problem of validateConstraints(input, days)) place(errors, problem.field.split('.'), problem.message);
  return errors;
}
