import { shiftLabel } from '../schedule/labels';
import type { ShiftSwapRow, SwapPerson, SwapShiftView, SwapStatus } from './types';

/** The status filter's choices, in the order a request lives through them. */
export const SWAP_STATUS_CHOICES: { id: SwapStatus; name: string }[] = [
  { id: 'open', name: 'Open' },
  { id: 'accepted', name: 'Accepted' },
  { id: 'declined', name: 'Declined' },
  { id: 'deleted', name: 'Deleted by its creator' },
  { id: 'cancelled', name: 'Cancelled by an administrator' },
  { id: 'superseded', name: 'Closed by another swap' },
];

export function swapStatusOf(row: Pick<ShiftSwapRow, 'status' | 'closed_reason'>): SwapStatus {
  if (row.status === null) return 'open';
  if (row.status) return 'accepted';
  return row.closed_reason && row.closed_reason !== 'accepted' ? row.closed_reason : 'declined';
}

export const swapStatusLabel = (row: Pick<ShiftSwapRow, 'status' | 'closed_reason'>): string =>
  SWAP_STATUS_CHOICES.find((c) => c.id === swapStatusOf(row))!.name;

/** 'Ana Lopez (SV ID SV7)' */
export const swapPersonLabel = (person: SwapPerson): string =>
  `${`${person.given_name} ${person.family_name}`.trim()} (SV ID ${person.sv_id})`;

/** 'Sat Aug 9th 09:00–13:00 · Door Monitor at Registration' */
export const swapShiftLabel = (shift: SwapShiftView): string =>
  `${shiftLabel({ day: shift.day, startTime: shift.start_time, endTime: shift.end_time, role: shift.role })} at ${shift.venue.name}`;

export const swapKindLabel = (row: Pick<ShiftSwapRow, 'kind'>): string =>
  row.kind === 'open' ? 'Offered to anyone' : 'Asked of one volunteer';

/** Who is on the other side: the volunteer asked or the acceptor, or nobody yet for an open offer. */
export function counterpartLabel(row: Pick<ShiftSwapRow, 'kind' | 'swapped_sv'>): string {
  if (row.swapped_sv) return swapPersonLabel(row.swapped_sv);
  return row.kind === 'open' ? 'Anyone (not taken yet)' : '—';
}

/** The shift in return, or why there is none yet. */
export function returnShiftLabel(row: Pick<ShiftSwapRow, 'kind' | 'swapped_shift'>): string {
  if (row.swapped_shift) return swapShiftLabel(row.swapped_shift);
  return row.kind === 'open' ? 'Chosen by whoever accepts' : '—';
}
