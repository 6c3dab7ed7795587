import type { AdminShift, AdminShiftAssignment, AdminVenue } from '@svp/domain';

/**
 * The schedule's admin resources (the contract's, domain/src/contract/schedule.ts): a venue, a shift
 * (startTime and endTime Pacific local "YYYY-MM-DD HH:mm"), a shift assignment (a pinned one is never
 * moved by the schedule builder), and the answer of POST /api/admin/schedule-import/{kind}.
 */
export type { ImportResult, ImportRowError } from '@svp/domain';

/** A row of GET /api/admin/venues (the panel does not read its edition). */
export type VenueRow = Omit<AdminVenue, 'editionId'>;

/** A row of GET /api/admin/shifts. */
export type ShiftRow = Omit<AdminShift, 'editionId' | 'createdAt' | 'updatedAt'>;

/** A row of GET /api/admin/shift-assignments. */
export type ShiftAssignmentRow = Omit<AdminShiftAssignment, 'createdAt' | 'updatedAt'>;

export type ShiftRequirement = AdminShift['requires'];

export type { ShiftCandidate, ShiftCandidates } from '@svp/domain';

export type ImportKind = 'shifts' | 'assignments';
