import { Box, Button, Card, CircularProgress, Grid, Link, Stack, Typography } from '@mui/material';
import { type ReactNode, Suspense, lazy, useCallback, useState } from 'react';
import { Navigate } from 'react-router-dom';
import type { PublicSettings } from '../../api/types';
import { useSession } from '../../state/SessionContext';
import { useSettings } from '../../state/SettingsContext';
import type { AuthView } from '../auth/authView';
import { useAfterSignIn } from '../auth/returnTo';
import { ContactAndFaq } from './ContactAndFaq';
import { formatDateTime } from './dateText';
import { LandingNotices } from './LandingNotices';
import { LaunchCountdown } from './LaunchCountdown';
import { useRefreshAtDeadlines } from './useRefreshAtDeadlines';

// The sign-in and registration forms (with formik and yup) arrive just after the page's text: a phone
// draws the landing text without waiting for the forms' code, and the place they take is kept.
const AuthPanel = lazy(() => import('../auth/AuthPanel').then((m) => ({ default: m.AuthPanel })));

/** Where the forms appear, as tall as the sign-in form, while their code arrives. */
function AuthPanelLoading() {
  return (
    <Card variant="outlined" sx={{ minHeight: 306, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <CircularProgress aria-label="Loading" />
    </Card>
  );
}

// The countdown asks for the new state itself when applications open.
const WATCHED_BY_COUNTDOWN = ['applicationLaunchDate'] as const;

/**
 * Home (docs/product.md, 'Home and accounts'): the landing page for the time state the server reports (before launch,
 * open, closed, schedules out) with the sign-up and login panel, and the contact and FAQ section.
 */
export function HomePage({ initialView }: { initialView?: 'signIn' | 'register' }) {
  const { settings, serverNow, refresh } = useSettings();
  const { gates, timeline } = settings;
  const session = useSession();
  const [view, setView] = useState<AuthView>(initialView ?? 'signIn');
  const afterSignIn = useAfterSignIn();
  const refreshNow = useCallback(() => void refresh(), [refresh]);
  useRefreshAtDeadlines({ timeline, evaluatedAt: settings.now, now: serverNow, refresh: refreshNow, skip: WATCHED_BY_COUNTDOWN });

  // A reset link's token wins over every other view until the new password is set or given up.
  const shownView: AuthView = session.passwordResetToken
    ? 'changePassword'
    : view === 'register' && !gates.applicationsOpen
      ? 'signIn'
      : view;
  // Before launch every other path leads back here, so a signed-in user stays on this page.
  if (session.isAuthenticated && !gates.beforeLaunch && shownView !== 'confirmRegistration' && shownView !== 'changePassword') {
    return <Navigate to={afterSignIn} replace />;
  }

  // Before launch there is nothing to sign in to, unless a reset link brought the user here.
  const showPanel = !gates.beforeLaunch || !!session.passwordResetToken;
  return (
    <>
      <Grid container spacing={{ xs: 3, md: 5 }} sx={{ alignItems: 'flex-start' }}>
        <Grid size={{ xs: 12, md: showPanel ? 7 : 12 }}>
          <Stack spacing={3}>
            {gates.beforeLaunch ? (
              <BeforeLaunch settings={settings}>
                <LaunchCountdown target={Date.parse(timeline.applicationLaunchDate)} now={serverNow} onElapsed={refreshNow} />
                {session.isAuthenticated && <SignedInBeforeLaunch onLogout={() => session.logout({ endSession: true })} />}
              </BeforeLaunch>
            ) : gates.applicationsOpen ? (
              <ApplicationsOpen settings={settings}>
                {/* Signed in here means registered and entering the emailed code (or setting a new password): nothing new to start. */}
                {!session.isAuthenticated && (
                  <Box>
                    <Button variant="contained" size="large" onClick={() => setView('register')} disabled={!!session.passwordResetToken}>
                      Start New Application
                    </Button>
                  </Box>
                )}
              </ApplicationsOpen>
            ) : gates.schedulesOut ? (
              <SchedulesOut settings={settings} />
            ) : (
              <ApplicationsClosed settings={settings} />
            )}
          </Stack>
        </Grid>
        {showPanel && (
          <Grid size={{ xs: 12, md: 5 }}>
            <Suspense fallback={<AuthPanelLoading />}>
              <AuthPanel
                view={shownView}
                onViewChange={setView}
                registrationOpen={gates.applicationsOpen}
                autoFocus={initialView === 'signIn'}
              />
            </Suspense>
          </Grid>
        )}
      </Grid>
      <ContactAndFaq settings={settings} />
    </>
  );
}

function Title({ children }: { children: ReactNode }) {
  return (
    <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.25rem' } }}>
      {children}
    </Typography>
  );
}

function MailingListLink({ settings, children }: { settings: PublicSettings; children: ReactNode }) {
  return (
    <Link href={settings.mailingListUrl} target="_blank" rel="noopener">
      {children}
    </Link>
  );
}

function BeforeLaunch({ settings, children }: { settings: PublicSettings; children: ReactNode }) {
  const { conference, timeline } = settings;
  return (
    <>
      <Title>Applications Open Soon</Title>
      <Typography>
        Student volunteer and team leader applications for {conference.name} in {conference.city} open on{' '}
        {formatDateTime(timeline.applicationLaunchDate)}. <MailingListLink settings={settings}>Join the mailing list</MailingListLink> to
        hear the moment they do.
      </Typography>
      {children}
    </>
  );
}

/** A signed-in user waits here for the launch like everyone else, and can sign out. */
function SignedInBeforeLaunch({ onLogout }: { onLogout: () => void }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap sx={{ alignItems: { sm: 'center' } }}>
      <Typography>You are signed in. Your dashboard opens when applications do.</Typography>
      <Box>
        <Button variant="outlined" onClick={() => onLogout()}>
          Logout
        </Button>
      </Box>
    </Stack>
  );
}

function ApplicationsOpen({ settings, children }: { settings: PublicSettings; children: ReactNode }) {
  const { conference } = settings;
  return (
    <>
      <Title>Become a {conference.name} Student Volunteer</Title>
      <Typography>
        Applications are open. Student volunteers help run {conference.name} in {conference.city}, and get to experience the conference from
        the inside.
      </Typography>
      <LandingNotices timeline={settings.timeline} gates={settings.gates} />
      {children}
    </>
  );
}

function ApplicationsClosed({ settings }: { settings: PublicSettings }) {
  const { conference, timeline } = settings;
  return (
    <>
      <Title>Applications Are Closed</Title>
      <Typography>
        Applications for {conference.name} student volunteers closed on {formatDateTime(timeline.applicationEndDate)}. Thank you to everyone
        who applied! Log in to follow your application.
      </Typography>
      <Typography>
        <MailingListLink settings={settings}>Join next year&apos;s mailing list</MailingListLink> to hear when the next applications open.
      </Typography>
    </>
  );
}

function SchedulesOut({ settings }: { settings: PublicSettings }) {
  return (
    <>
      <Title>Schedules Are Out</Title>
      <Typography>
        The volunteer schedules for {settings.conference.name} have been released. Log in to see your schedule and your shifts.
      </Typography>
    </>
  );
}
