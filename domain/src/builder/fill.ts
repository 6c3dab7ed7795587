/** Filling a free place as the API sends it, the same shapes to administrators and team leaders: declared in
 * domain/src/contract/builder.ts. */
export type { ShiftCandidate, ShiftCandidates, ShiftProposalStatus, ShiftProposalView } from '../contract/builder.js';
