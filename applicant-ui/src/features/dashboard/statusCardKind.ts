import { type Gates, applicationClosed } from '@svp/domain';
import type { ApplicationRecord } from '../../api/types';

/**
 * Which card tells an applicant where they stand (docs/product.md, 'Dashboard'):
 * - `application`: applications are open and the application is not completed (the progress card);
 * - `closed`: 'Applications Have Closed', for an unfinished or missing application after the deadline,
 *   or one the deadline job closed (it stays closed when the deadline is later moved);
 * - for a completed application, the decision once it may be shown, else `submitted` ('Thank You For Applying!').
 */
export type StatusCardKind =
  | 'application'
  | 'closed'
  | 'submitted'
  | 'acceptedStudentVolunteer'
  | 'acceptedTeamLeader'
  | 'offered'
  | 'offerExpired'
  | 'declined'
  | 'waitlisted'
  | 'rejected';

export interface StatusCardInput {
  application: Pick<ApplicationRecord, 'completed' | 'sv' | 'closed'> | 'none';
  gates: Pick<Gates, 'afterApplicationDeadline' | 'afterDecisions' | 'afterConfirmationDeadline'>;
  /** The session's team leader flag (role claim 'Team-Leader'). */
  isTeamLeader: boolean;
  /** Whether an offer's own deadline has passed (a late waitlist offer has one); else the edition's deadline decides. */
  offerLapsed?: boolean;
}

export function statusCardFor({ application, gates, isTeamLeader, offerLapsed }: StatusCardInput): StatusCardKind {
  if (application === 'none' || !application.completed)
    return applicationClosed(application === 'none' ? null : application, gates) ? 'closed' : 'application';
  const { state, tag } = application.sv;
  switch (state) {
    case 'confirmed':
      return tag === 'TL' || isTeamLeader ? 'acceptedTeamLeader' : 'acceptedStudentVolunteer';
    case 'declined':
      return 'declined';
    case 'offered':
      if (!gates.afterDecisions) return 'submitted';
      return (offerLapsed ?? gates.afterConfirmationDeadline) ? 'offerExpired' : 'offered';
    // Pending and waitlisted read alike once decisions are out: not offered a place yet.
    case 'waitlisted':
    case 'pending':
      return gates.afterDecisions ? 'waitlisted' : 'submitted';
    case 'rejected':
      return gates.afterDecisions ? 'rejected' : 'submitted';
    default:
      return 'submitted';
  }
}
