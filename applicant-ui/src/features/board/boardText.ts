import { PACIFIC_ZONE, formatShiftTime } from '@svp/domain';
import type { BoardShift, BoardVolunteer } from '../../api/types';

/** How often the board loads itself again. */
export const BOARD_REFRESH_MS = 30_000;

export const BOARD_EMPTY = 'No shift at your venues is in progress or starting within the hour.';

/** The late mark: words, not colour alone. */
export const NOT_CHECKED_IN = 'Not checked in';

const updatedFormat = new Intl.DateTimeFormat('en-US', { timeZone: PACIFIC_ZONE, hour: 'numeric', minute: '2-digit', second: '2-digit' });

/** 'Last updated 8:52:10 AM', on the server's clock in Pacific time like every schedule time. */
export const lastUpdatedText = (now: string): string => `Last updated ${updatedFormat.format(new Date(now))}`;

export const boardTimes = (shift: Pick<BoardShift, 'startsAt' | 'endsAt'>): string =>
  `${formatShiftTime(new Date(shift.startsAt))} – ${formatShiftTime(new Date(shift.endsAt))}`;

export const phaseText = (shift: Pick<BoardShift, 'phase'>): string => (shift.phase === 'in-progress' ? 'In progress' : 'Starting soon');

/** '3 / 6 checked in': checked in against the places of the shift. */
export const checkedInText = (shift: Pick<BoardShift, 'checkedIn' | 'slots'>): string => `${shift.checkedIn} / ${shift.slots} checked in`;

/**
 * Where a volunteer stands: checked out, checked in, late (the shift started without them), or not
 * due yet. On a shift under way, not late without a time is a check-in ticked before times were kept.
 */
export function volunteerStatus(volunteer: BoardVolunteer, shift: Pick<BoardShift, 'phase'>): string {
  if (volunteer.checkedOutAt) return `Checked out ${formatShiftTime(new Date(volunteer.checkedOutAt))}`;
  if (volunteer.checkedInAt) return `Checked in ${formatShiftTime(new Date(volunteer.checkedInAt))}`;
  if (volunteer.late) return NOT_CHECKED_IN;
  return shift.phase === 'in-progress' ? 'Checked in' : 'Awaiting check-in';
}
