/**
 * Whether an applicant's proof of enrollment may change now: while their application still can. The
 * applications module implements it; it depends on files/, so files/ finds it at run time (ModuleRef).
 */
export abstract class ProofEditability {
  /** Throws the reason (an AppException) when the proof of `userId` may not change now. */
  abstract assertCanChange(userId: number): Promise<void>;
}
