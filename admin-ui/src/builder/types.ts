import type { BuildPreview, ScheduleBuild } from '@svp/domain';

/**
 * The schedule builder's answers (the contract's, domain/src/contract/builder.ts): a build with its
 * preview (GET /api/admin/schedule-builds/{id}, and apply, undo and discard), and a row of the list,
 * whose preview only counts the unfilled shifts and the people changed.
 */
export type { BuildPreview, ScheduleBuild, ScheduleBuildRow } from '@svp/domain';

/**
 * What to build: days and venues (null: all of them), which assignments stay ('pinned' or 'all'), and the seed (BuildScope);
 * the body of POST /api/admin/schedule-builds, where a missing days or venueIds means all (StartBuildBody, as BuildRequest).
 */
export type { BuildScope, StartBuildBody as BuildRequest } from '@svp/domain';

/** The figures a schedule is judged by (the build's and the current schedule's, same scope). */
export type ScheduleFigures = BuildPreview['figures'];
export type UnfilledShift = BuildPreview['unfilled'][number];
export type PersonHours = BuildPreview['people'][number];
export type VolunteerChange = BuildPreview['changes'][number];
/** A shift as a change names it: 'Greeter at Room 1, Sun Aug 9th 08:00–12:00'. */
export type ShiftLabel = VolunteerChange['added'][number];
export type BuildStatus = ScheduleBuild['status'];
