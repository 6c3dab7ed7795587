export interface WaitlistCandidate {
  applicationId: number;
  submittedAt: Date | null;
}

/**
 * Who on the waitlist is offered a freed place first: the best average jury score; applications
 * nobody scored after every scored one; then the earlier submission, then the lower id, so the
 * order never depends on how the database answered.
 */
export function waitlistOrder<T extends WaitlistCandidate>(candidates: readonly T[], averages: ReadonlyMap<number, number>): T[] {
  const submitted = (c: T) => c.submittedAt?.getTime() ?? Number.MAX_SAFE_INTEGER;
  return [...candidates].sort((a, b) => {
    const sa = averages.get(a.applicationId);
    const sb = averages.get(b.applicationId);
    if (sa !== undefined && sb !== undefined && sa !== sb) return sb - sa;
    if ((sa === undefined) !== (sb === undefined)) return sa === undefined ? 1 : -1;
    return submitted(a) - submitted(b) || a.applicationId - b.applicationId;
  });
}
