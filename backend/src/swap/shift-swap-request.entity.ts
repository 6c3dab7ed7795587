import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { DateTimeColumn } from '../database/column-types.js';

export type SwapKind = 'open' | 'directed';

/** Why a request is no longer open; `accepted` goes with status true, every other with false. */
export type SwapClosedReason = 'accepted' | 'declined' | 'deleted' | 'cancelled' | 'superseded';
export const SWAP_CLOSED_REASONS: readonly SwapClosedReason[] = ['accepted', 'declined', 'deleted', 'cancelled', 'superseded'];

/**
 * The same request made twice (a double submit, two servers at once) has the same key: the unique
 * index on open_key stores it once. Closing a request clears its key, so it can be made again.
 */
export function openKey(request: Pick<ShiftSwapRequest, 'kind' | 'creatorId' | 'shiftId' | 'swappedShiftId' | 'swappedSvId'>): string {
  return request.kind === 'directed'
    ? `directed:${request.creatorId}:${request.shiftId}:${request.swappedShiftId}:${request.swappedSvId}`
    : `open:${request.creatorId}:${request.shiftId}`;
}

/**
 * A volunteer's offer to exchange one of their shifts. `open`: offered to anyone,
 * the swapped shift and volunteer are filled in when someone accepts. `directed`: asks one volunteer
 * for one of their shifts. Status null is OPEN, true ACCEPTED, false closed (see closedReason).
 */
@Entity('shift_swap_requests')
export class ShiftSwapRequest {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'creator_id', type: 'integer' })
  creatorId: number;

  /** The creator's shift, offered. */
  @Column({ name: 'shift_id', type: 'integer' })
  shiftId: number;

  @Column({ name: 'swapped_shift_id', type: 'integer', nullable: true })
  swappedShiftId: number | null;

  @Column({ name: 'swapped_sv_id', type: 'integer', nullable: true })
  swappedSvId: number | null;

  @Column({ type: 'varchar', length: 16 })
  kind: SwapKind;

  @Column({ type: 'boolean', nullable: true })
  status: boolean | null;

  @Column({ name: 'closed_reason', type: 'varchar', length: 16, nullable: true })
  closedReason: SwapClosedReason | null;

  /** What an open request offers or asks (`openKey`), unique while it is open, null once closed. */
  @Column({ name: 'open_key', type: 'varchar', length: 100, nullable: true })
  openKey: string | null;

  @DateTimeColumn({ name: 'created_at' })
  createdAt: Date;

  @DateTimeColumn({ name: 'closed_at', nullable: true })
  closedAt: Date | null;
}
