/** A row of GET /api/admin/shift-proposals: a team leader asks for a volunteer on a shift of their venue. */
export type { ShiftProposalStatus as ProposalStatus, ShiftProposalView as ShiftProposalRow } from '@svp/domain';
