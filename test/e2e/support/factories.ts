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

/** A venue of the current edition, led by the team leaders named by id; answers its id. */
export async function venue(portal: Portal, name: string, options: { location?: string; teamLeaderIds?: number[] } = {}): Promise<number> {
  const { location = 'West Building', teamLeaderIds = [] } = options;
  return (await ok(portal.api('POST', '/admin/venues', { name, location, teamLeaderIds }), `Creating ${name}`)).id;
}

/** A shift at a venue on a Pacific day, from `start` to `end` ('HH:mm'), for `svSlots` volunteers (2 unless told); answers its id. */
export async function shift(
  portal: Portal,
  at: { venueId: number; day: string; start: string; end: string; role: string; svSlots?: number },
): Promise<number> {
  const body = {
    venueId: at.venueId,
    startTime: `${at.day} ${at.start}`,
    endTime: `${at.day} ${at.end}`,
    role: at.role,
    svSlots: at.svSlots ?? 2,
  };
  return (await ok(portal.api('POST', '/admin/shifts', body), `Creating ${at.role}`)).id;
}

/**
 * The edition's week: its first shift day, its days of service, and the day the schedule opens on (the
 * first shift day unless told); `settings`: other settings changed with it ({ swapsEnabled: true }).
 */
export async function conferenceWeek(
  portal: Portal,
  week: { firstShiftDay: string; startDate: string; endDate: string; defaultScheduleDay?: string },
  settings: Record<string, unknown> = {},
): Promise<void> {
  const conference = { defaultScheduleDay: week.firstShiftDay, ...week };
  await ok(portal.api('PUT', '/admin/settings', { conference, ...settings }), 'Setting the conference week');
}

/** An organiser puts a volunteer (by user id) on a shift. */
export async function assignment(portal: Portal, shiftId: number, volunteerId: number, who = `user ${volunteerId}`): Promise<void> {
  await ok(portal.api('POST', '/admin/shift-assignments', { shiftId, volunteerId }), `Assigning ${who} to shift ${shiftId}`);
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
