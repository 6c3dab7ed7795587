import { adminCall, post } from '../common/http';
import type { ShiftProposalRow } from './types';

/** The shift proposals' calls outside the REST contract (their part of the panel's data provider). */
export interface ProposalsApi {
  /** POST /api/admin/shift-proposals/{id}/accept: assigns the volunteer (409 with the rule it breaks), or as an exception with a reason. */
  acceptShiftProposal(id: number, exceptionReason?: string): Promise<{ data: ShiftProposalRow }>;
  /** POST /api/admin/shift-proposals/{id}/decline. */
  declineShiftProposal(id: number): Promise<{ data: ShiftProposalRow }>;
}

export const proposalsApi: ProposalsApi = {
  acceptShiftProposal: (id, exceptionReason) =>
    adminCall<ShiftProposalRow>(`/shift-proposals/${id}/accept`, {
      ...post,
      ...(exceptionReason ? { body: JSON.stringify({ exceptionReason }) } : {}),
    }).then((data) => ({ data })),
  declineShiftProposal: (id) => adminCall<ShiftProposalRow>(`/shift-proposals/${id}/decline`, post).then((data) => ({ data })),
};
