export type ProposalStatus = 'open' | 'accepted' | 'declined';

/** A row of GET /api/admin/shift-proposals: a team leader asks for a volunteer on a shift of their venue. */
export interface ShiftProposalRow {
  id: number;
  shiftId: number;
  /** 'Greeter at Room 1, Sun Aug 9th 08:00–12:00' */
  shiftLabel: string;
  volunteerId: number;
  volunteerName: string;
  proposedBy: { id: number; name: string };
  status: ProposalStatus;
  createdAt: string;
  decidedAt: string | null;
}
