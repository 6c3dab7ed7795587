import { isSwappableShift, type SwapShift } from '@svp/domain';
import type { ShiftWithVenue } from '../schedule/schedule-reader.service.js';
import type { ShiftView } from '../schedule/shift.view.js';
import type { User } from '../users/user.entity.js';
import type { ShiftSwapRequest, SwapClosedReason, SwapKind } from './shift-swap-request.entity.js';

/** A volunteer as swaps show them: names only (swap-contract "SwapPerson"). */
export interface SwapPerson {
  id: number;
  username: string;
  given_name: string;
  family_name: string;
  sv_id: string;
}

export function swapPerson(user: Pick<User, 'id' | 'username' | 'firstName' | 'lastName' | 'svid'>): SwapPerson {
  return { id: user.id, username: user.username, given_name: user.firstName, family_name: user.lastName, sv_id: user.svid };
}

/** A swap request in the contract's shape (swap-contract "SwapRequestView"). */
export interface SwapRequestView {
  id: number;
  kind: SwapKind;
  status: boolean | null;
  accepted: boolean;
  closed_reason: SwapClosedReason | null;
  shift: ShiftView;
  swapped_shift: ShiftView | null;
  sv: SwapPerson;
  swapped_sv: SwapPerson | null;
  created_at: string;
  closed_at: string | null;
}

export function swapRequestView(
  request: ShiftSwapRequest,
  shifts: ReadonlyMap<number, ShiftView>,
  people: ReadonlyMap<number, SwapPerson>,
): SwapRequestView {
  return {
    id: request.id,
    kind: request.kind,
    status: request.status,
    accepted: request.status === true,
    closed_reason: request.closedReason,
    shift: shifts.get(request.shiftId)!,
    swapped_shift: request.swappedShiftId === null ? null : shifts.get(request.swappedShiftId)!,
    sv: people.get(request.creatorId)!,
    swapped_sv: request.swappedSvId === null ? null : people.get(request.swappedSvId)!,
    created_at: request.createdAt.toISOString(),
    closed_at: request.closedAt?.toISOString() ?? null,
  };
}

/** A shift as the swap rules see it; one that is not real work never counts as swappable. */
export function swapShift(
  shift: Pick<ShiftWithVenue, 'id' | 'startsAt' | 'endsAt' | 'swappable' | 'role' | 'venueName' | 'venueLocation'>,
): SwapShift {
  const swappable = isSwappableShift({
    swappable: shift.swappable,
    role: shift.role,
    venue: { name: shift.venueName, location: shift.venueLocation },
  });
  return { id: shift.id, startsAt: shift.startsAt, endsAt: shift.endsAt, swappable };
}

/** A shift of a view as the swap rules see it. */
export function swapShiftOfView(view: ShiftView): SwapShift {
  const swappable = isSwappableShift({ swappable: view.swappable, role: view.role, venue: view.venue });
  return { id: view.id, startsAt: new Date(view.starts_at), endsAt: new Date(view.ends_at), swappable };
}
