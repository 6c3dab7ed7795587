import type { PreviewFigures } from '@svp/domain';

/** What to build: days and venues (null: all of them), which assignments stay, and the seed. */
export interface BuildScope {
  days: string[] | null;
  venueIds: number[] | null;
  /** 'pinned': only pinned assignments stay; 'all': every current assignment stays. */
  keep: 'pinned' | 'all';
  seed: number;
}

/** The body of POST /api/admin/schedule-builds: a missing days or venueIds means all. */
export interface BuildRequest {
  days?: string[];
  venueIds?: number[];
  keep: BuildScope['keep'];
  seed?: number;
}

/** The figures a schedule is judged by (the build's and the current schedule's, same scope). */
export type ScheduleFigures = PreviewFigures;

export interface ShiftLabel {
  shiftId: number;
  /** 'Greeter at Room 1, Sun Aug 9th 08:00–12:00' */
  label: string;
}

export interface UnfilledShift {
  shiftId: number;
  label: string;
  day: string;
  venueName: string;
  free: number;
  /** Why no one fits, in words. */
  reason: string;
}

export interface PersonHours {
  volunteerId: number;
  name: string;
  svid: string;
  teamLeader: boolean;
  expected: number;
  hoursBefore: number;
  hoursAfter: number;
}

export interface VolunteerChange {
  volunteerId: number;
  name: string;
  added: ShiftLabel[];
  removed: ShiftLabel[];
}

export interface BuildPreview {
  figures: ScheduleFigures;
  current: ScheduleFigures;
  /** An upper bound on the slots any schedule could fill under the rules; exact: from linear programming. */
  bound: { coverageSlots: number; exact: boolean };
  unfilled: UnfilledShift[];
  people: PersonHours[];
  changes: VolunteerChange[];
  assignments: number;
}

export type BuildStatus = 'running' | 'preview' | 'applied' | 'undone' | 'failed' | 'discarded';

/** GET /api/admin/schedule-builds/{id}. */
export interface ScheduleBuild {
  id: number;
  status: BuildStatus;
  /** 0 to 100. */
  progress: number;
  message: string | null;
  scope: BuildScope;
  createdAt: string;
  createdBy: { id: number; name: string };
  appliedAt: string | null;
  undoneAt: string | null;
  preview: BuildPreview | null;
}

/** A row of GET /api/admin/schedule-builds: its preview without the detail, only how many shifts stay unfilled and how many people change. */
export interface ScheduleBuildRow extends Omit<ScheduleBuild, 'preview'> {
  preview: null | (Omit<BuildPreview, 'unfilled' | 'people' | 'changes'> & { unfilled: number; changes: number });
}
