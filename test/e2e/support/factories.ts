import type {
  AssignJuryBody,
  CreateShiftAssignmentBody,
  CreateShiftBody,
  CreateSwapRequestBody,
  PerformanceRecordBody,
  UpdateSettingsBody,
} from '@svp/domain';
import { confirmVolunteer, grantTeamLeader, type SeedOptions, type SeededApplicant, seedApplicant } from './admin.js';
import { type Portal, ok } from './portal.js';

// The data a journey stands on, made through the API as an organiser would make it, one call per
// thing: the journeys say what they need (a confirmed volunteer, a team leader leading a venue, an
// edition's week with its shifts, a schedule built and applied) instead of repeating the requests.

/** A confirmed volunteer: an applicant made as the applicant app would, offered a place and confirmed; with the user's id. */
export async function confirmedVolunteer(
  portal: Portal,
  firstName: string,
  lastName: string,
  options: SeedOptions = {},
): Promise<SeededApplicant & { id: number }> {
  const applicant = await seedApplicant(portal, firstName, lastName, options);
  return { ...applicant, id: await confirmVolunteer(portal, applicant.email) };
}

/** A confirmed volunteer who applied as a team leader and holds the Team-Leader role. */
export async function confirmedTeamLeader(portal: Portal, firstName: string, lastName: string): Promise<SeededApplicant & { id: number }> {
  const leader = await confirmedVolunteer(portal, firstName, lastName, { teamLeader: true });
  await grantTeamLeader(portal, leader.email);
  return leader;
}

/** A venue of the current edition, led by the team leaders named by id, answering a volunteers' `preference` if told; answers its id. */
export async function venue(
  portal: Portal,
  name: string,
  options: { location?: string; teamLeaderIds?: number[]; preference?: string } = {},
): Promise<number> {
  const { location = 'West Building', teamLeaderIds = [], ...rest } = options;
  return (await ok(portal.api('POST', '/admin/venues', { name, location, teamLeaderIds, ...rest }), `Creating ${name}`)).id;
}

/** When a shift runs: on a Pacific day from `start` to `end` ('HH:mm'), or `from` one Pacific time `to` another ('YYYY-MM-DD HH:mm'). */
type ShiftTimes = { day: string; start: string; end: string } | { from: string; to: string };

/**
 * A shift at a venue for `svSlots` volunteers (2 unless told), open to anyone unless it `requires`
 * someone ('team-leader'); answers its id.
 */
export async function shift(
  portal: Portal,
  at: Pick<CreateShiftBody, 'venueId' | 'role' | 'requires'> & { svSlots?: number } & ShiftTimes,
): Promise<number> {
  const [startTime, endTime] = 'day' in at ? [`${at.day} ${at.start}`, `${at.day} ${at.end}`] : [at.from, at.to];
  const body = {
    venueId: at.venueId,
    startTime,
    endTime,
    role: at.role,
    svSlots: at.svSlots ?? 2,
    requires: at.requires,
  } satisfies Partial<CreateShiftBody>;
  return (await ok(portal.api('POST', '/admin/shifts', body), `Creating ${at.role}`)).id;
}

/** Settings an organiser changes on the settings page: only the fields given ({ contactEmail }, { swapsEnabled: true }, ...). */
export async function changedSettings(portal: Portal, changes: UpdateSettingsBody, what = 'Changing the settings'): Promise<void> {
  await ok(portal.api('PUT', '/admin/settings', changes), what);
}

/**
 * The edition's week: its first shift day, its days of service, and the day the schedule opens on (the
 * first shift day unless told), with the hours expected of each volunteer where told; `settings`: other
 * settings changed with it ({ swapsEnabled: true }).
 */
export async function conferenceWeek(
  portal: Portal,
  week: { firstShiftDay: string; startDate: string; endDate: string; defaultScheduleDay?: string; svHours?: number; tlHours?: number },
  settings: Record<string, unknown> = {},
): Promise<void> {
  const conference = { defaultScheduleDay: week.firstShiftDay, ...week };
  await changedSettings(portal, { conference, ...settings }, 'Setting the conference week');
}

/** An organiser puts a volunteer (by user id) on a shift, `pinned` against builds or as an exception to a rule with its reason. */
export async function assignment(
  portal: Portal,
  shiftId: number,
  volunteerId: number,
  who = `user ${volunteerId}`,
  options: Pick<CreateShiftAssignmentBody, 'pinned' | 'exceptionReason'> = {},
): Promise<void> {
  const body: CreateShiftAssignmentBody = { shiftId, volunteerId, ...options };
  await ok(portal.api('POST', '/admin/shift-assignments', body), `Assigning ${who} to shift ${shiftId}`);
}

/**
 * A team leader's record of a volunteer on a shift, saved as the shift page saves it: checked in (and
 * out), the rating and notes, and times corrected from a paper roster (ISO instants, with their note).
 */
export async function performanceRecord(
  portal: Portal,
  leader: { token: string; firstName: string },
  on: { shiftId: number; volunteerId: number },
  record: Pick<PerformanceRecordBody, 'check_in'> &
    Partial<Pick<PerformanceRecordBody, 'check_out' | 'rating' | 'notes' | 'check_in_at' | 'check_out_at' | 'time_note'>>,
): Promise<void> {
  const row: PerformanceRecordBody = {
    shift_id: on.shiftId,
    student_volunteer_id: on.volunteerId,
    check_out: false,
    rating: 0,
    notes: null,
    ...record,
  };
  await ok(
    portal.api('POST', '/schedule/pr', { performance_records: [row] }, leader.token),
    `${leader.firstName} recording volunteer ${on.volunteerId} on shift ${on.shiftId}`,
  );
}

/** A team leader proposes a volunteer (by user id) for a free place on a shift, as the shift page's fill section does. */
export async function proposal(
  portal: Portal,
  leader: { token: string; firstName: string },
  shiftId: number,
  volunteerId: number,
): Promise<void> {
  await ok(
    portal.api('POST', `/schedule/shift/${shiftId}/proposals`, { volunteerId }, leader.token),
    `${leader.firstName} proposing volunteer ${volunteerId} for shift ${shiftId}`,
  );
}

/** An organiser accepts a team leader's proposal (by its id): the volunteer is assigned. */
export async function acceptedProposal(portal: Portal, proposalId: number): Promise<void> {
  await ok(portal.api('POST', `/admin/shift-proposals/${proposalId}/accept`), `Accepting proposal ${proposalId}`);
}

/** A volunteer asks another (by SV id) to exchange their shift for one of the other's; answers the request's id. */
export async function swapRequest(
  portal: Portal,
  asker: { token: string; firstName: string },
  swap: { shiftId: number; swappedShiftId: number; swappedSvid: string },
): Promise<number> {
  const body: CreateSwapRequestBody = { shift_id: swap.shiftId, swapped_shift_id: swap.swappedShiftId, swapped_svid: swap.swappedSvid };
  return (await ok(portal.api('POST', '/schedule/swap/create', body, asker.token), `${asker.firstName} asking for a swap`)).data.id;
}

/** The SV office cancels a swap request (by its id). */
export async function cancelledSwap(portal: Portal, swapId: number): Promise<void> {
  await ok(portal.api('POST', `/admin/shift-swaps/${swapId}/cancel`), `Cancelling swap request ${swapId}`);
}

/** The jury: each submitted application given to `teamLeadersPerApplication` team leaders to review (1 unless told). */
export async function juryAssigned(portal: Portal, teamLeadersPerApplication = 1): Promise<void> {
  const body: AssignJuryBody = { TLsPerApp: teamLeadersPerApplication };
  await ok(portal.api('POST', '/jury/assign-jury', body), 'Assigning the jury');
}

/** An applicant's application of the current edition started (a draft, not submitted) with the answers given, saved with their token. */
export async function startedApplication(
  portal: Portal,
  who: { svid: string; firstName: string },
  token: string,
  data: Record<string, unknown>,
): Promise<void> {
  const mine = (await ok(portal.api('GET', `/application/${who.svid}`, undefined, token), `Reading ${who.firstName}'s application`)).data;
  await ok(
    portal.api('POST', '/application/save', { data, completed: false, updated_at: mine.updated_at }, token),
    `${who.firstName} starting an application`,
  );
}

/** Builds the whole edition in the background (keeping pinned shifts), waits for the preview, and applies it. */
export async function buildAndApply(portal: Portal, seed = 5): Promise<void> {
  const started = await ok(portal.api('POST', '/admin/schedule-builds', { keep: 'pinned', seed }), 'Starting a build');
  for (let i = 0; i < 120; i += 1) {
    const build = await ok(portal.api('GET', `/admin/schedule-builds/${started.id}`), 'Reading the build');
    if (build.status === 'preview') break;
    if (build.status === 'failed') throw new Error(`The build failed: ${build.message}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await ok(portal.api('POST', `/admin/schedule-builds/${started.id}/apply`), 'Applying the build');
}
