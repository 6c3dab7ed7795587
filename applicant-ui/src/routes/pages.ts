import {
  AVAILABILITY_PATH,
  BOARD_PATH,
  CHECK_IN_PATH,
  JURY_PATH,
  MESSAGES_PATH,
  NOTIFICATIONS_PATH,
  ROSTER_PATH,
  SCHEDULE_PATHS,
  SWAP_LIST_PATH,
  TEAM_MESSAGES_PATH,
} from '../components/navigation';

/**
 * Every page the app loads when it is opened: the addresses it answers (React Router patterns) and
 * its module under src/. Plain data, read twice: by the route table (AppRoutes.tsx), and by the
 * build (vite.config.ts), which writes each page's chunks to dist/page-preloads.json so that the
 * server can name them in the index page it answers at that address: a phone then asks for the
 * opened page's code together with the entry, not after the entry has run.
 *
 * The signed-in pages are listed most specific first, the order matchPath needs in startLoading.
 */
export const PAGES = {
  home: { paths: ['/', '/login'], module: 'features/home/HomePage.tsx', signedIn: false },
  referee: { paths: ['/reference/:token'], module: 'features/references/RefereePage.tsx', signedIn: false },
  privacy: { paths: ['/privacy'], module: 'features/privacy/PrivacyPage.tsx', signedIn: false },
  dashboard: { paths: ['/dashboard'], module: 'features/dashboard/DashboardPage.tsx', signedIn: true },
  profile: { paths: ['/profile'], module: 'features/profile/ProfilePage.tsx', signedIn: true },
  confirmation: { paths: ['/confirmation'], module: 'features/confirmation/ConfirmationPage.tsx', signedIn: true },
  wizard: { paths: ['/application'], module: 'features/application/ApplicationWizard.tsx', signedIn: true },
  thankYou: { paths: ['/application/thank-you'], module: 'features/application/ThankYouPage.tsx', signedIn: true },
  viewApplication: { paths: ['/application/view'], module: 'features/application/ViewApplicationPage.tsx', signedIn: true },
  // The older per-step pages (1–4, submit; route names stepOne to stepFive): the wizard's questions five pages at a time.
  perStep: { paths: ['/application/:step'], module: 'features/application/PerStepApplication.tsx', signedIn: true },
  jury: { paths: [JURY_PATH], module: 'features/jury/JuryListPage.tsx', signedIn: true },
  volunteerSchedule: { paths: [SCHEDULE_PATHS.volunteer], module: 'features/schedule/VolunteerSchedulePage.tsx', signedIn: true },
  teamLeaderSchedule: { paths: [SCHEDULE_PATHS.teamLeader], module: 'features/schedule/TeamLeaderSchedulePage.tsx', signedIn: true },
  checkIn: { paths: [CHECK_IN_PATH], module: 'features/week/CheckInPage.tsx', signedIn: true },
  shift: { paths: ['/schedule/shift/:id'], module: 'features/schedule/ShiftDetailPage.tsx', signedIn: true },
  board: { paths: [BOARD_PATH], module: 'features/board/BoardPage.tsx', signedIn: true },
  roster: { paths: [ROSTER_PATH], module: 'features/schedule/RosterPage.tsx', signedIn: true },
  swaps: { paths: [SWAP_LIST_PATH], module: 'features/swaps/SwapListPage.tsx', signedIn: true },
  swapCreate: { paths: ['/schedule/swap/:id/create'], module: 'features/swaps/SwapCreatePage.tsx', signedIn: true },
  availability: { paths: [AVAILABILITY_PATH], module: 'features/availability/AvailabilityPage.tsx', signedIn: true },
  messages: { paths: [MESSAGES_PATH], module: 'features/messages/MessagesPage.tsx', signedIn: true },
  teamMessages: { paths: [TEAM_MESSAGES_PATH], module: 'features/messages/TeamMessagesPage.tsx', signedIn: true },
  notifications: { paths: [NOTIFICATIONS_PATH], module: 'features/week/NotificationsPage.tsx', signedIn: true },
} as const satisfies Record<string, { paths: readonly string[]; module: string; signedIn: boolean }>;

export type PageName = keyof typeof PAGES;

/** The pages that open on the applicant's application: their data is asked for with the page's code. */
export const ON_APPLICATION: readonly PageName[] = ['dashboard', 'wizard'];

/** The pages whose form shows the years of the portal's records (the SIGGRAPH Experience tab). */
export const ON_VOLUNTEER_HISTORY: readonly PageName[] = ['wizard', 'perStep'];

/** Stands for the signed-in user's id in a first read's path (the server, which names the reads, does not know who is signed in). */
export const USER_PLACEHOLDER = '{user}';

/**
 * What a page reads first from the API (paths under /api, the user's id as USER_PLACEHOLDER): a
 * signed-in page the profile, the dashboard and the wizard the application too, and the application
 * forms the years of the portal's records. They are asked
 * for as the page opens, not once its code has run: by early.ts when the server named them in the
 * index page, else by startLoading.
 */
export function firstReads(name: PageName): string[] {
  if (!PAGES[name].signedIn) return [];
  return [
    '/users/profile',
    ...(ON_APPLICATION.includes(name) ? [`/application/${USER_PLACEHOLDER}`] : []),
    ...(ON_VOLUNTEER_HISTORY.includes(name) ? ['/users/volunteer-history'] : []),
  ];
}

/** What dist/page-preloads.json holds: for each page, its addresses, the files its code needs beyond the entry, and its first reads. */
export interface PagePreload {
  paths: readonly string[];
  files: string[];
  reads: string[];
}
