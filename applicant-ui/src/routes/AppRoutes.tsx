import { Box, CircularProgress, Typography } from '@mui/material';
import { Suspense, lazy, type ReactNode } from 'react';
import { Link as RouterLink, Route, Routes } from 'react-router-dom';
import { AppShell } from '../components/AppShell';
import { AVAILABILITY_PATH, BOARD_PATH, JURY_PATH, MESSAGES_PATH, ROSTER_PATH, SCHEDULE_PATHS, SWAP_LIST_PATH, TEAM_MESSAGES_PATH } from '../components/navigation';
import { RoutedPage } from '../components/PageErrorBoundary';
import { ForgotPasswordRedirect } from '../features/auth/ForgotPasswordRedirect';
import { DashboardPage } from '../features/dashboard/DashboardPage';
import { HomePage } from '../features/home/HomePage';
import { ProfilePage } from '../features/profile/ProfilePage';
import { LaunchGate } from './LaunchGate';
import { ProtectedRoute } from './ProtectedRoute';

// The wizard, the review, the confirmation form, the jury list, the schedules, the swap and the message pages are loaded only when opened.
const ApplicationWizard = lazy(() => import('../features/application/ApplicationWizard'));
const ThankYouPage = lazy(() => import('../features/application/ThankYouPage'));
const ViewApplicationPage = lazy(() => import('../features/application/ViewApplicationPage'));
const PerStepApplication = lazy(() => import('../features/application/PerStepApplication'));
const ConfirmationPage = lazy(() => import('../features/confirmation/ConfirmationPage'));
const JuryListPage = lazy(() => import('../features/jury/JuryListPage'));
const VolunteerSchedulePage = lazy(() => import('../features/schedule/VolunteerSchedulePage'));
const TeamLeaderSchedulePage = lazy(() => import('../features/schedule/TeamLeaderSchedulePage'));
const ShiftDetailPage = lazy(() => import('../features/schedule/ShiftDetailPage'));
const BoardPage = lazy(() => import('../features/board/BoardPage'));
const RosterPage = lazy(() => import('../features/schedule/RosterPage'));
const SwapListPage = lazy(() => import('../features/swaps/SwapListPage'));
const SwapCreatePage = lazy(() => import('../features/swaps/SwapCreatePage'));
const AvailabilityPage = lazy(() => import('../features/availability/AvailabilityPage'));
const RefereePage = lazy(() => import('../features/references/RefereePage'));
const MessagesPage = lazy(() => import('../features/messages/MessagesPage'));
const TeamMessagesPage = lazy(() => import('../features/messages/TeamMessagesPage'));

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
            <Route path="/" element={<HomePage />} />
            <Route path="/login" element={<HomePage initialView="signIn" />} />
            <Route path="/forgot-password" element={<ForgotPasswordRedirect />} />
            <Route element={<ProtectedRoute />}>
              <Route path="/dashboard" element={<DashboardPage />} />
              <Route path="/profile" element={<ProfilePage />} />
              <Route path="/confirmation" element={<Loaded><ConfirmationPage /></Loaded>} />
              <Route path="/application" element={<Loaded><ApplicationWizard /></Loaded>} />
              <Route path="/application/thank-you" element={<Loaded><ThankYouPage /></Loaded>} />
              <Route path="/application/view" element={<Loaded><ViewApplicationPage /></Loaded>} />
              {/* The older per-step pages (1–4, submit; route names stepOne to stepFive): the wizard's questions five pages at a time. */}
              <Route path="/application/:step" element={<Loaded><PerStepApplication /></Loaded>} />
              <Route path={JURY_PATH} element={<Loaded><JuryListPage /></Loaded>} />
              <Route path={SCHEDULE_PATHS.volunteer} element={<Loaded><VolunteerSchedulePage /></Loaded>} />
              <Route path={SCHEDULE_PATHS.teamLeader} element={<Loaded><TeamLeaderSchedulePage /></Loaded>} />
              <Route path="/schedule/shift/:id" element={<Loaded><ShiftDetailPage /></Loaded>} />
              <Route path={BOARD_PATH} element={<Loaded><BoardPage /></Loaded>} />
              <Route path={ROSTER_PATH} element={<Loaded><RosterPage /></Loaded>} />
              <Route path={SWAP_LIST_PATH} element={<Loaded><SwapListPage /></Loaded>} />
              <Route path="/schedule/swap/:id/create" element={<Loaded><SwapCreatePage /></Loaded>} />
              <Route path={AVAILABILITY_PATH} element={<Loaded><AvailabilityPage /></Loaded>} />
              <Route path={MESSAGES_PATH} element={<Loaded><MessagesPage /></Loaded>} />
              <Route path={TEAM_MESSAGES_PATH} element={<Loaded><TeamMessagesPage /></Loaded>} />
            </Route>
            <Route path="*" element={<NotFound />} />
          </Route>
        </Route>
      </Route>
    </Routes>
  );
}
