/** A shift as the swap rows show it (the applicant schedule's shape): `start_time`/`end_time` are Pacific local 'YYYY-MM-DD HH:mm'. */
export interface SwapShiftView {
  id: number;
  day: string;
  start_time: string;
  end_time: string;
  starts_at: string;
  ends_at: string;
  role: string;
  report_to: string;
  description: string;
  special: string;
  sv_slots: number;
  swappable: boolean;
  venue: { id: number; name: string; location: string; teamLeaders: { id: number; name: string }[] };
}

export interface SwapPerson {
  id: number;
  username: string;
  given_name: string;
  family_name: string;
  sv_id: string;
}

export type SwapStatus = 'open' | 'accepted' | 'declined' | 'deleted' | 'cancelled' | 'superseded';

/** A row of GET /api/admin/shift-swaps: `status` null is open, true accepted, false closed for `closed_reason`. */
export interface ShiftSwapRow {
  id: number;
  kind: 'open' | 'directed';
  status: boolean | null;
  accepted: boolean;
  closed_reason: Exclude<SwapStatus, 'open'> | null;
  /** The creator's shift, offered. */
  shift: SwapShiftView;
  /** Directed: the shift asked for; open: null until accepted, then the shift given. */
  swapped_shift: SwapShiftView | null;
  /** The creator. */
  sv: SwapPerson;
  /** Directed: the volunteer asked; open: null until accepted, then the acceptor. */
  swapped_sv: SwapPerson | null;
  created_at: string;
  closed_at: string | null;
}
