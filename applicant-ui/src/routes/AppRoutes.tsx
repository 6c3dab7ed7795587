import { Box, CircularProgress, Typography } from '@mui/material';
import { Suspense, createElement, lazy, type ComponentProps, type ComponentType, type ReactNode } from 'react';
import { Link as RouterLink, Route, Routes, matchPath } from 'react-router-dom';
import { isExpired, readClaims, requestEarly, tokenStore } from '../api/client';
import { AppShell } from '../components/AppShell';
import { RoutedPage } from '../components/PageErrorBoundary';
import { ForgotPasswordRedirect } from '../features/auth/ForgotPasswordRedirect';
import { loadSearchableFields, readyForTab } from '../features/application/steps/searchable';
import { loadVolunteerHistoryFirst } from '../features/application/useVolunteerHistory';
import { type FirstSession, loadSessionFirst } from '../state/SessionContext';
import { LaunchGate } from './LaunchGate';
import { ON_APPLICATION, ON_VOLUNTEER_HISTORY, PAGES, type PageName, USER_PLACEHOLDER, firstReads } from './pages';
import { ProtectedRoute } from './ProtectedRoute';
import { SCHEDULE_HOME_PATH, ScheduleHome } from './ScheduleHome';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props, as React's own lazy()
type AnyComponent = ComponentType<any>;
type LazyPage<T extends AnyComponent = ComponentType> = ComponentType<ComponentProps<T>> & { load: () => Promise<unknown> };

/**
 * A page whose code is loaded when it is opened; `load` starts that download ahead of time. Once the
 * code is there the page is drawn at once, not through React.lazy: a lazy component suspends on its
 * first drawing even when its code has arrived, and React then holds the page back behind the
 * loading indicator for a further 300 ms (it reveals suspended content in batches).
 */
function lazyPage<T extends AnyComponent>(load: () => Promise<{ default: T }>): LazyPage<T> {
  let loaded: T | undefined;
  let loading: Promise<{ default: T }> | undefined;
  const loadOnce = () => {
    // A failed download is asked for again next time (the error screen's Reload, or another visit).
    loading ??= load().then(
      (module) => ((loaded = module.default), module),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(loadOnce);
  const Page = (props: ComponentProps<T>) => createElement(loaded ?? Lazy, props);
  return Object.assign(Page, { load: loadOnce });
}

// Every page is loaded when opened, the home page included: the entry holds only the shell, and
// startLoading asks for the opened page's code while the entry starts (the home page's sign-in and
// registration forms, with formik and yup, stay out of the signed-in pages' first load). Each import
// names the module PAGES gives for that page: the build checks they agree (vite.config.ts).
const HomePage = lazyPage(() => import('../features/home/HomePage').then((m) => ({ default: m.HomePage })));
const RefereePage = lazyPage(() => import('../features/references/RefereePage'));
const PrivacyPage = lazyPage(() => import('../features/privacy/PrivacyPage'));
const page = {
  home: HomePage,
  referee: RefereePage,
  privacy: PrivacyPage,
  dashboard: lazyPage(() => import('../features/dashboard/DashboardPage').then((m) => ({ default: m.DashboardPage }))),
  profile: lazyPage(() => import('../features/profile/ProfilePage').then((m) => ({ default: m.ProfilePage }))),
  confirmation: lazyPage(() => import('../features/confirmation/ConfirmationPage')),
  wizard: lazyPage(() => import('../features/application/ApplicationWizard')),
  thankYou: lazyPage(() => import('../features/application/ThankYouPage')),
  viewApplication: lazyPage(() => import('../features/application/ViewApplicationPage')),
  // The older per-step pages draw several tabs at once, two with searchable fields: their code comes with the page's.
  perStep: lazyPage(() =>
    Promise.all([import('../features/application/PerStepApplication'), loadSearchableFields()]).then(([module]) => module),
  ),
  jury: lazyPage(() => import('../features/jury/JuryListPage')),
  volunteerSchedule: lazyPage(() => import('../features/schedule/VolunteerSchedulePage')),
  teamLeaderSchedule: lazyPage(() => import('../features/schedule/TeamLeaderSchedulePage')),
  checkIn: lazyPage(() => import('../features/week/CheckInPage')),
  shift: lazyPage(() => import('../features/schedule/ShiftDetailPage')),
  board: lazyPage(() => import('../features/board/BoardPage')),
  roster: lazyPage(() => import('../features/schedule/RosterPage')),
  swaps: lazyPage(() => import('../features/swaps/SwapListPage')),
  swapCreate: lazyPage(() => import('../features/swaps/SwapCreatePage')),
  availability: lazyPage(() => import('../features/availability/AvailabilityPage')),
  messages: lazyPage(() => import('../features/messages/MessagesPage')),
  teamMessages: lazyPage(() => import('../features/messages/TeamMessagesPage')),
  notifications: lazyPage(() => import('../features/week/NotificationsPage')),
} satisfies Record<PageName, LazyPage<AnyComponent>>;

/** Every page by address, in the order of PAGES (the signed-in ones most specific first, as matchPath needs). */
const BY_PATH = (Object.keys(PAGES) as PageName[]).flatMap((name) => PAGES[name].paths.map((path) => ({ name, path, Page: page[name] })));
const SIGNED_IN = BY_PATH.filter(({ name }) => PAGES[name].signedIn);

/** What startLoading started: each part answers when it has arrived or failed (never rejects). */
export interface FirstLoad {
  /** The opened page's code. */
  code: Promise<unknown>;
  /**
   * For a signed-in page, the profile and, where the page shows it, the application; else null.
   * Where the page shows the years of the portal's records, it also waits for them.
   */
  session: Promise<FirstSession | null>;
}

/**
 * Starts loading what the page at `pathname` (the address the app is opened at) needs: its code,
 * and for a signed-in page the profile and, where the page shows it, the application. All of it
 * then arrives while the settings load, instead of one after the other; early.ts has usually asked
 * for the data already, and the answers are taken from there.
 */
export function startLoading(pathname: string): FirstLoad {
  const found = BY_PATH.find(({ path }) => matchPath(path, pathname));
  if (!found) return { code: Promise.resolve(), session: Promise.resolve(null) };
  const code = found.Page.load().catch(() => undefined);
  const claims = readClaims(tokenStore.get());
  if (!PAGES[found.name].signedIn || isExpired(claims)) return { code, session: Promise.resolve(null) };
  const user = claims!.sub;
  for (const read of firstReads(found.name)) requestEarly(read.replace(USER_PLACEHOLDER, String(user)));
  const session = loadSessionFirst(ON_APPLICATION.includes(found.name) ? user : null);
  const history = ON_VOLUNTEER_HISTORY.includes(found.name) ? loadVolunteerHistoryFirst(user) : null;
  // The wizard opened on a tab with a searchable field also needs that field's code (steps/searchable.tsx) before it is drawn. The
  // stored step is the tab it opens on (openingStep only bounds it, and no tab out of bounds has such a field).
  const fields =
    found.name === 'wizard'
      ? session.then((first) => (first?.application ? readyForTab(Number(first.application.step)) : undefined)).catch(() => undefined)
      : null;
  return {
    code: fields ? Promise.all([code, fields]) : code,
    session: history ? Promise.all([session, history]).then(([loaded]) => loaded) : session,
  };
}

function Loaded({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <Box sx={{ p: 6, display: 'flex', justifyContent: 'center' }}>
          <CircularProgress aria-label="Loading" />
        </Box>
      }
    >
      {children}
    </Suspense>
  );
}

function NotFound() {
  return (
    <Box sx={{ py: 6 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Page not found
      </Typography>
      <Typography>
        There is nothing at this address. <RouterLink to="/">Go to the home page</RouterLink>.
      </Typography>
    </Box>
  );
}

/** The app's routes (docs/product.md, "The applicant app's pages"). */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppShell />}>
        {/* A page whose code cannot be loaded, or that fails, shows the error screen inside the shell. */}
        <Route element={<RoutedPage />}>
          {/* What the portal keeps and for how long: for anyone, whatever the date. */}
          <Route
            path="/privacy"
            element={
              <Loaded>
                <PrivacyPage />
              </Loaded>
            }
          />
          {/* A referee's emailed link: no account, and open whatever the date (the server decides until when). */}
          <Route
            path="/reference/:token"
            element={
              <Loaded>
                <RefereePage />
              </Loaded>
            }
          />
          <Route element={<LaunchGate />}>
            <Route
              path="/"
              element={
                <Loaded>
                  <HomePage />
                </Loaded>
              }
            />
            <Route
              path="/login"
              element={
                <Loaded>
                  <HomePage initialView="signIn" />
                </Loaded>
              }
            />
            <Route path="/forgot-password" element={<ForgotPasswordRedirect />} />
            <Route element={<ProtectedRoute />}>
              <Route path={SCHEDULE_HOME_PATH} element={<ScheduleHome />} />
              {SIGNED_IN.map(({ path, Page }) => (
                <Route
                  key={path}
                  path={path}
                  element={
                    <Loaded>
                      <Page />
                    </Loaded>
                  }
                />
              ))}
            </Route>
            <Route path="*" element={<NotFound />} />
          </Route>
        </Route>
      </Route>
    </Routes>
  );
}
