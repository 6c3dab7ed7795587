import type { Gates } from '@svp/domain';

export interface NavigationEntry {
  label: string;
  to: string;
}

/** What the entries depend on: who is signed in, the gates now and what each status id means. */
export interface NavigationContext {
  session: { isTeamLeader: boolean; profile: { application_status_id: number | null } | null };
  /** The gates on the server's clock now. */
  gates: Gates;
  /** `settings.statusLabels`: the lifecycle state each wire status id stands for. */
  statusLabels: readonly { id: number | null; state: string }[];
}

/** The path of the team leader's jury list. */
export const JURY_PATH = '/jury/view';

/** The volunteer's and the team leader's schedules. */
export const SCHEDULE_PATHS = { teamLeader: '/schedule/tl', volunteer: '/schedule/sv' } as const;

export const shiftDetailPath = (shiftId: number): string => `/schedule/shift/${shiftId}`;

/** The team leader's live board: shifts of their venues under way or starting within the hour. */
export const BOARD_PATH = '/schedule/board';

/** The team leader's check-in screen: scan codes and check volunteers in, also without a network. */
export const CHECK_IN_PATH = '/schedule/checkin';

/** What reaches a person's phone (notifications, texts), each kind on or off. */
export const NOTIFICATIONS_PATH = '/notifications';

/** Opens whichever schedule the signed-in user has (the installed app's start address). */
export const SCHEDULE_HOME_PATH = '/schedule';

/** The printable roster of one venue on one Pacific day: the team leader's clipboard. */
export const ROSTER_PATH = '/schedule/roster';
export const rosterPath = (venueId: number, day: string): string =>
  `${ROSTER_PATH}?${new URLSearchParams({ venue: String(venueId), day })}`;

/** The swap requests list and the page creating a swap for one of the volunteer's shifts. */
export const SWAP_LIST_PATH = '/schedule/swap/list';
export const swapCreatePath = (shiftId: number): string => `/schedule/swap/${shiftId}/create`;

/** Where a volunteer with a place tells the days or hours they cannot work, until schedules are released. */
export const AVAILABILITY_PATH = '/availability';

/** The messages sent to the signed-in user, and the team leader's page writing to the volunteers of their venues. */
export const MESSAGES_PATH = '/messages';
export const TEAM_MESSAGES_PATH = '/messages/team';
/** The id of a message on the messages page, and the link straight to it. */
export const messageAnchor = (messageId: number): string => `message-${messageId}`;
export const messagePath = (messageId: number): string => `${MESSAGES_PATH}#${messageAnchor(messageId)}`;

/** True when the profile's status id stands for a confirmed place in the edition's catalogue (0 is pending, like null). */
export function isConfirmedVolunteer(
  profile: NavigationContext['session']['profile'],
  statusLabels: NavigationContext['statusLabels'],
): boolean {
  if (!profile) return false;
  const id = profile.application_status_id === 0 ? null : profile.application_status_id;
  return statusLabels.some((entry) => entry.id === id && entry.state === 'confirmed');
}

/** The schedule this user has now: a team leader's, a confirmed volunteer's, or none (before the release, or not confirmed). */
export function schedulePath({ session, gates, statusLabels }: NavigationContext): string | null {
  if (!gates.schedulesOut) return null;
  if (session.isTeamLeader) return SCHEDULE_PATHS.teamLeader;
  return isConfirmedVolunteer(session.profile, statusLabels) ? SCHEDULE_PATHS.volunteer : null;
}

/** Whether the availability page is this user's to fill in now: a confirmed place (or a team leader's, once decisions are out) before
 * schedules are released. */
export function offersAvailability({ session, gates, statusLabels }: NavigationContext): boolean {
  if (gates.schedulesOut) return false;
  return isConfirmedVolunteer(session.profile, statusLabels) || (session.isTeamLeader && gates.afterDecisions);
}

/** The entries of the navigation bar for the signed-in user now (Logout is always added). */
export function navigationEntries(context: NavigationContext): NavigationEntry[] {
  const { session, gates } = context;
  // Before launch every page but Home leads back to Home: nothing to offer but Logout.
  if (gates.beforeLaunch) return [];
  const schedule = schedulePath(context);
  return [
    { label: 'Dashboard', to: '/dashboard' },
    // Team leaders only, after the application deadline and the jury release, before the jury deadline.
    ...(session.isTeamLeader && gates.juryOpen ? [{ label: 'Jury', to: JURY_PATH }] : []),
    ...(schedule ? [{ label: 'Schedule', to: schedule }] : []),
    // Beside the team leader's schedule: who is checked in at their venues now, and writing to their volunteers.
    ...(schedule === SCHEDULE_PATHS.teamLeader
      ? [
          { label: 'Check in', to: CHECK_IN_PATH },
          { label: 'Live board', to: BOARD_PATH },
          { label: 'Write to volunteers', to: TEAM_MESSAGES_PATH },
        ]
      : []),
    // Until the schedule is out, where it will be: the answers it is built around.
    ...(offersAvailability(context) ? [{ label: 'Availability', to: AVAILABILITY_PATH }] : []),
    { label: 'Messages', to: MESSAGES_PATH },
    // What reaches their phone during the week: for the people with a schedule.
    ...(schedule ? [{ label: 'Notifications', to: NOTIFICATIONS_PATH }] : []),
    { label: 'Profile', to: '/profile' },
  ];
}
