import { Box, CircularProgress, Typography } from '@mui/material';
import { Suspense, lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { Link as RouterLink, Route, Routes, matchPath } from 'react-router-dom';
import { isExpired, readClaims, requestEarly, tokenStore } from '../api/client';
import { AppShell } from '../components/AppShell';
import { AVAILABILITY_PATH, BOARD_PATH, JURY_PATH, MESSAGES_PATH, ROSTER_PATH, SCHEDULE_PATHS, SWAP_LIST_PATH, TEAM_MESSAGES_PATH } from '../components/navigation';
import { RoutedPage } from '../components/PageErrorBoundary';
import { ForgotPasswordRedirect } from '../features/auth/ForgotPasswordRedirect';
import { LaunchGate } from './LaunchGate';
import { ProtectedRoute } from './ProtectedRoute';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props, as React's own lazy()
type AnyComponent = ComponentType<any>;
type LazyPage<T extends AnyComponent = ComponentType> = LazyExoticComponent<T> & { load: () => Promise<unknown> };

/** A page whose code is loaded when it is opened; `load` starts that download ahead of time. */
function lazyPage<T extends AnyComponent>(load: () => Promise<{ default: T }>): LazyPage<T> {
  return Object.assign(lazy(load), { load });
}

// Every page is loaded when opened, the home page included: the entry holds only the shell, and
// startLoading asks for the opened page's code while the entry starts (the home page's sign-in and
// registration forms, with formik and yup, stay out of the signed-in pages' first load).
const HomePage = lazyPage(() => import('../features/home/HomePage').then((m) => ({ default: m.HomePage })));
const DashboardPage = lazyPage(() => import('../features/dashboard/DashboardPage').then((m) => ({ default: m.DashboardPage })));
const ProfilePage = lazyPage(() => import('../features/profile/ProfilePage').then((m) => ({ default: m.ProfilePage })));
const RefereePage = lazyPage(() => import('../features/references/RefereePage'));

/** The signed-in pages by path, most specific first (the order matchPath needs in preloadPage). */
const SIGNED_IN_PAGES: [path: string, page: LazyPage][] = [
  ['/dashboard', DashboardPage],
  ['/profile', ProfilePage],
  ['/confirmation', lazyPage(() => import('../features/confirmation/ConfirmationPage'))],
  ['/application', lazyPage(() => import('../features/application/ApplicationWizard'))],
  ['/application/thank-you', lazyPage(() => import('../features/application/ThankYouPage'))],
  ['/application/view', lazyPage(() => import('../features/application/ViewApplicationPage'))],
  // The older per-step pages (1–4, submit; route names stepOne to stepFive): the wizard's questions five pages at a time.
  ['/application/:step', lazyPage(() => import('../features/application/PerStepApplication'))],
  [JURY_PATH, lazyPage(() => import('../features/jury/JuryListPage'))],
  [SCHEDULE_PATHS.volunteer, lazyPage(() => import('../features/schedule/VolunteerSchedulePage'))],
  [SCHEDULE_PATHS.teamLeader, lazyPage(() => import('../features/schedule/TeamLeaderSchedulePage'))],
  ['/schedule/shift/:id', lazyPage(() => import('../features/schedule/ShiftDetailPage'))],
  [BOARD_PATH, lazyPage(() => import('../features/board/BoardPage'))],
  [ROSTER_PATH, lazyPage(() => import('../features/schedule/RosterPage'))],
  [SWAP_LIST_PATH, lazyPage(() => import('../features/swaps/SwapListPage'))],
  ['/schedule/swap/:id/create', lazyPage(() => import('../features/swaps/SwapCreatePage'))],
  [AVAILABILITY_PATH, lazyPage(() => import('../features/availability/AvailabilityPage'))],
  [MESSAGES_PATH, lazyPage(() => import('../features/messages/MessagesPage'))],
  [TEAM_MESSAGES_PATH, lazyPage(() => import('../features/messages/TeamMessagesPage'))],
];

/** The signed-in pages that open on the applicant's application. */
const ON_APPLICATION = ['/dashboard', '/application'];

/**
 * Starts loading what the page at `pathname` (the address the app is opened at) needs: its code,
 * and for a signed-in page the profile and, where the page shows it, the application. All of it
 * then arrives while the settings load, instead of one after the other.
 */
export function startLoading(pathname: string): void {
  const found = [['/', HomePage] as const, ['/login', HomePage] as const, ['/reference/:token', RefereePage] as const, ...SIGNED_IN_PAGES].find(([path]) =>
    matchPath(path, pathname),
  );
  if (!found) return;
  found[1].load().catch(() => undefined);
  const claims = readClaims(tokenStore.get());
  if (!SIGNED_IN_PAGES.some(([path]) => path === found[0]) || isExpired(claims)) return;
  requestEarly('/users/profile');
  if (ON_APPLICATION.includes(found[0])) requestEarly(`/application/${claims!.sub}`);
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

/** The routes of applicant-area §2 (later features add theirs next to these). */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppShell />}>
        {/* A page whose code cannot be loaded, or that fails, shows the error screen inside the shell. */}
        <Route element={<RoutedPage />}>
          {/* A referee's emailed link: no account, and open whatever the date (the server decides until when). */}
          <Route path="/reference/:token" element={<Loaded><RefereePage /></Loaded>} />
          <Route element={<LaunchGate />}>
            <Route path="/" element={<Loaded><HomePage /></Loaded>} />
            <Route path="/login" element={<Loaded><HomePage initialView="signIn" /></Loaded>} />
            <Route path="/forgot-password" element={<ForgotPasswordRedirect />} />
            <Route element={<ProtectedRoute />}>
              {SIGNED_IN_PAGES.map(([path, Page]) => (
                <Route key={path} path={path} element={<Loaded><Page /></Loaded>} />
              ))}
            </Route>
            <Route path="*" element={<NotFound />} />
          </Route>
        </Route>
      </Route>
    </Routes>
  );
}
