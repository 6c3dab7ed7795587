import { formatShiftDay } from '@svp/domain';
import type { ShiftRow } from './types';

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
