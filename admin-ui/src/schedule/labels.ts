import { VENUE_PREFERENCES, formatShiftDay, venuePreferenceLabel } from '@svp/domain';
import type { ShiftRequirement, ShiftRow } from './types';

/** "08:00–12:00" from the Pacific local times; a shift past midnight shows the next day's date on its end. */
export function shiftTimeRange(shift: Pick<ShiftRow, 'startTime' | 'endTime'>): string {
  const [startDay, start] = shift.startTime.split(' ');
  const [endDay, end] = shift.endTime.split(' ');
  return startDay === endDay ? `${start}–${end}` : `${start}–${formatShiftDay(endDay!)} ${end}`;
}

/** "Sun Aug 10th 08:00–12:00 · Greeter", how a shift is named in pickers and references. */
export function shiftLabel(shift: Pick<ShiftRow, 'day' | 'startTime' | 'endTime' | 'role'>): string {
  return `${formatShiftDay(shift.day)} ${shiftTimeRange(shift)} · ${shift.role}`;
}

/** "Ada Lovelace (SV ID SV1234)" */
export function personLabel(person: { firstName?: string; lastName?: string; svid?: string | null } | undefined): string {
  if (!person) return '';
  const name = `${person.firstName ?? ''} ${person.lastName ?? ''}`.trim();
  return person.svid ? `${name} (SV ID ${person.svid})` : name;
}

export const REQUIREMENT_CHOICES: { id: ShiftRequirement; name: string }[] = [
  { id: 'none', name: 'None' },
  { id: 'experienced', name: 'Experienced volunteer' },
  { id: 'team-leader', name: 'Team leader' },
];

/** 'Team leader' for a shift that needs one; '' when anyone may take it. */
export function requirementLabel(requires: ShiftRequirement | undefined): string {
  return requires && requires !== 'none' ? (REQUIREMENT_CHOICES.find((choice) => choice.id === requires)?.name ?? requires) : '';
}

/** The venue preferences a volunteer can state, as select choices ('none': the venue satisfies none). */
export const VENUE_PREFERENCE_CHOICES = VENUE_PREFERENCES.map((option) => ({
  id: option.value,
  name: option.value === 'none' ? 'None' : option.label,
}));

/** 'Art Gallery' for 'artGallery' (domain's list); the stored value when it is not one of the list's. */
export { venuePreferenceLabel };

/** How a volunteer's hours stand against the expectation, as a chip shows it. */
export const HOURS_STANDING = {
  under: { label: 'Under', color: 'warning' },
  met: { label: 'On target', color: 'success' },
  over: { label: 'Over', color: 'error' },
} as const;
