import type { Candidate } from './build.js';

/** Filling a free place as the API sends it: the same shapes to administrators and team leaders. */

/** A volunteer who fits every hard rule of a shift now, with their name and role. */
export interface ShiftCandidate extends Candidate {
  name: string;
  svid: string;
  teamLeader: boolean;
}

/** GET …/shifts/{id}/candidates: the free places and who could take one, best first. */
export interface ShiftCandidates {
  shiftId: number;
  free: number;
  candidates: ShiftCandidate[];
}

export type ShiftProposalStatus = 'open' | 'accepted' | 'declined';

/** A team leader's proposal of a volunteer for a shift of their venue, decided by the organisers. */
export interface ShiftProposalView {
  id: number;
  shiftId: number;
  /** 'Greeter at Room 1, Sun Aug 9th 08:00–12:00' */
  shiftLabel: string;
  volunteerId: number;
  volunteerName: string;
  proposedBy: { id: number; name: string };
  status: ShiftProposalStatus;
  createdAt: string;
  decidedAt: string | null;
}
