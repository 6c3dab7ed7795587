import type { SwapClosedReason, SwapRequest } from '@svp/domain';

/**
 * A row of GET /api/admin/shift-swaps (the contract's SwapRequest, domain/src/contract/swaps.ts):
 * `status` null is open, true accepted, false closed for `closed_reason`; `shift` is the creator's,
 * offered; `swapped_shift`/`swapped_sv` the shift and volunteer asked for (directed) or, once an open
 * request is accepted, the shift given and its giver.
 */
export type ShiftSwapRow = SwapRequest;

/** A shift as the swap rows show it (the applicant schedule's shape). */
export type SwapShiftView = SwapRequest['shift'];

export type { SwapPerson } from '@svp/domain';

/** The status the panel filters and labels by: open, or why the request closed. */
export type SwapStatus = 'open' | SwapClosedReason;
