import { SWAP_REFUSALS, type SwapShift, formatShiftDay, isSwappableShift, offerRefusal } from '@svp/domain';
import type { DayShift, OpenSwapRequest, ScheduleShift, SwapPerson, SwapRequest, SwapRequests } from '../../api/types';
import { NOT_A_SHIFT, notAShiftReason, timeRange } from '../schedule/scheduleDays';

// What the swap screens derive from the API's answers: pure, so the rules are tested without a screen.

/** A shift as the domain's swap rules read it: one that is not real work (Job Fair, Chapters Lunch) is never swappable. */
export function asSwapShift<T extends ScheduleShift>(shift: T): T & SwapShift {
  return { ...shift, swappable: isSwappableShift(shift), startsAt: new Date(shift.starts_at), endsAt: new Date(shift.ends_at) };
}

/** 'Ana Lopez' */
export const personName = (person: Pick<SwapPerson, 'given_name' | 'family_name'>): string =>
  `${person.given_name} ${person.family_name}`.trim();

/** 'Sat Aug 9th, 9:00 AM – 1:00 PM' */
export const shiftWhen = (shift: ScheduleShift): string => `${formatShiftDay(shift.day)}, ${timeRange(shift)}`;

/** 'Door Monitor at Computer Animation History' */
export const shiftWhat = (shift: ScheduleShift): string => `${shift.role} at ${shift.venue.name}`;

export const NOT_YOUR_SHIFT = 'This shift is not on your schedule.';

/** Why the volunteer may not offer `shift` in a swap now, or null when it is theirs, swappable, not started and a real shift. */
export function offerProblem(shift: ScheduleShift, ownShifts: readonly ScheduleShift[], now: Date): string | null {
  if (notAShiftReason(shift)) return `${NOT_A_SHIFT}.`;
  const refusal = offerRefusal(asSwapShift(shift), { ownShifts: ownShifts.map(asSwapShift), now });
  if (refusal === null) return null;
  return refusal === 'notOwn' ? NOT_YOUR_SHIFT : SWAP_REFUSALS[refusal];
}

export const canOffer = (shift: ScheduleShift, ownShifts: readonly ScheduleShift[], now: Date): boolean =>
  offerProblem(shift, ownShifts, now) === null;

export const isOpen = (request: SwapRequest): boolean => request.status === null;

/** What a volunteer may do with a swap request (the created requests' actions). */
export type SwapAction = 'delete' | 'accept' | 'decline';

/**
 * The actions `viewerId` has on `request`, as the server allows them: while it is open, its creator
 * may delete it and the volunteer it asks may accept or decline it; a closed request has none.
 */
export function swapActions(request: SwapRequest, viewerId: number | undefined): SwapAction[] {
  if (!isOpen(request) || viewerId === undefined) return [];
  if (request.sv.id === viewerId) return ['delete'];
  if (request.kind === 'directed' && request.swapped_sv?.id === viewerId) return ['accept', 'decline'];
  return [];
}

/** Whose answer the creator's open request waits for: the volunteer asked, or anyone for an open offer. */
export function awaitedAnswer(request: SwapRequest): string {
  return request.kind === 'directed' && request.swapped_sv
    ? `Waiting for ${personName(request.swapped_sv)} to accept or decline.`
    : 'Waiting for a volunteer to accept.';
}

/** The request's state in words. */
export function swapStatusText(request: SwapRequest): string {
  if (request.status === null) return 'Open';
  if (request.status) return 'Accepted';
  switch (request.closed_reason) {
    case 'deleted':
      return 'Deleted';
    case 'cancelled':
      return 'Cancelled by the SV Office';
    case 'superseded':
      return 'Closed: one of the shifts was swapped in another request';
    default:
      return 'Declined';
  }
}

/** How many open requests involve `shiftId`, on either side. */
export function requestsInvolving(shiftRequests: readonly SwapRequest[], shiftId: number): number {
  return shiftRequests.filter((request) => request.shift.id === shiftId || request.swapped_shift?.id === shiftId).length;
}

/** Whether the volunteer has an open request asking `holderId` for `shiftId` in exchange for `givingUp`: the server refuses asking twice.
 * */
export function alreadyAsked(created: readonly SwapRequest[], givingUp: number, shiftId: number, holderId: number): boolean {
  return created.some(
    (request) =>
      isOpen(request) &&
      request.kind === 'directed' &&
      request.shift.id === givingUp &&
      request.swapped_shift?.id === shiftId &&
      request.swapped_sv?.id === holderId,
  );
}

/** The volunteer's open request offering `shiftId` to anyone, if there is one. */
export function openOfferOf(created: readonly SwapRequest[], shiftId: number): SwapRequest | undefined {
  return created.find((request) => isOpen(request) && request.kind === 'open' && request.shift.id === shiftId);
}

/**
 * The shifts of a day the volunteer could take for `givingUp`, each with only the holders who could
 * take `givingUp` in exchange. The server names those for each holder (`my_shift_options`, by the
 * swap rules applied to both schedules, as every swap call checks them), so no exchange is offered
 * that would be refused: none that double-books either volunteer.
 */
export function qualifyingShifts(dayShifts: readonly DayShift[], givingUp: number): DayShift[] {
  return dayShifts
    .map((shift) => ({
      ...shift,
      studentVolunteers: shift.studentVolunteers.filter((holder) => holder.my_shift_options.includes(givingUp)),
    }))
    .filter((shift) => shift.studentVolunteers.length > 0);
}

/** Other volunteers' open requests for shifts on `day` that the volunteer could take by giving `givingUp`. */
export function fittingOpenRequests(openRequests: readonly OpenSwapRequest[], day: string, givingUp: number): OpenSwapRequest[] {
  return openRequests.filter((request) => request.shift.day === day && request.my_shift_options.includes(givingUp));
}

export interface SwapCounts {
  /** Other volunteers' open requests. */
  open: number;
  /** The volunteer's own requests still open. */
  created: number;
  /** Requests to the volunteer waiting for their answer. */
  assigned: number;
}

export function swapCounts(requests: SwapRequests): SwapCounts {
  return {
    open: requests.open_requests.length,
    created: requests.created_requests.filter(isOpen).length,
    assigned: requests.assigned_requests.filter(isOpen).length,
  };
}
