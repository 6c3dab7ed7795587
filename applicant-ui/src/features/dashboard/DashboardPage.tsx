import { Box, Button, CircularProgress, Typography } from '@mui/material';
import { certificatesOpen, gates as gatesAt, offerLapsed } from '@svp/domain';
import { Suspense, lazy } from 'react';
import type { ProfileUser } from '../../api/types';
import { isConfirmedVolunteer, schedulePath } from '../../components/navigation';
import { JuryCard } from '../jury/JuryCard';
import { MessageBanners } from '../messages/MessageBanners';
import { ReferencesCard } from '../references/ReferencesCard';
import { useSession } from '../../state/SessionContext';
import { useSettings } from '../../state/SettingsContext';
import { AdminCard } from './AdminCard';
import { ApplicationCard } from './ApplicationCard';
import { DashboardCard, DashboardCards } from './DashboardLayout';
import { ResourceLinks } from './ResourceLinks';
import { StatusCard } from './StatusCard';
import { statusCardFor } from './statusCardKind';
import { useApplication } from './useApplication';

// Loaded only for those with a schedule: its date formatting is not part of the first screen.
// Only someone who left before entering the emailed code sees this form: its code (formik, yup) stays out of the dashboard's first load.
const ConfirmRegistrationForm = lazy(() => import('../auth/ConfirmRegistrationForm').then((m) => ({ default: m.ConfirmRegistrationForm })));
const ScheduleCard = lazy(() => import('../schedule/ScheduleCard'));
// Loaded only after the conference, for those who served.
const CertificateCard = lazy(() => import('../certificate/CertificateCard'));

/**
 * The volunteer dashboard (docs/product.md, 'Dashboard'): a welcome, the banners of messages, then cards — the admin dashboard (counts
 * and links into the panel) for administrators first, the application or its status, the jury for
 * team leaders while it is open, the references of a submitted application until decisions are out, the schedule once schedules are out
 * (team leaders and confirmed
 * volunteers), the certificate of service once the conference is over, and resources. An account whose email address is not confirmed yet
 * gets the code form
 * instead of all of these: it is the one thing it can do.
 */
export function DashboardPage() {
  const { profile } = useSession();
  if (!profile) return null;
  return profile.verified ? <VolunteerDashboard profile={profile} /> : <AwaitingEmailCode profile={profile} />;
}

function Welcome({ profile }: { profile: ProfileUser }) {
  return (
    <>
      <Typography variant="h4" component="h1" gutterBottom sx={{ overflowWrap: 'anywhere' }}>
        Welcome{profile.given_name ? `, ${profile.given_name}` : ''}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Your SV ID is <strong>{profile.svid}</strong>
      </Typography>
    </>
  );
}

/** Someone who left before entering the emailed code finishes here; the application waits until the address is confirmed. */
function AwaitingEmailCode({ profile }: { profile: ProfileUser }) {
  return (
    <Box>
      <Welcome profile={profile} />
      <DashboardCards>
        <DashboardCard title="Confirm Your Email" wide>
          <Suspense fallback={<CircularProgress aria-label="Loading" />}>
            <ConfirmRegistrationForm email={profile.email} />
          </Suspense>
        </DashboardCard>
        <ResourceLinks />
      </DashboardCards>
    </Box>
  );
}

function VolunteerDashboard({ profile }: { profile: ProfileUser }) {
  const session = useSession();
  const { settings, serverNow } = useSettings();
  const { application, loading, failed, retry } = useApplication();
  // Gates on the server's clock now, so a page left open still turns at a deadline.
  const gates = gatesAt(settings.timeline, new Date(serverNow()));
  const schedule = schedulePath({ session, gates, statusLabels: settings.statusLabels });
  // Once the conference's last day is over, for confirmed volunteers and team leaders (the server says whether they worked).
  const showCertificate =
    (session.isTeamLeader || isConfirmedVolunteer(profile, settings.statusLabels)) &&
    certificatesOpen(settings.conference, new Date(serverNow()));

  let applicationCard;
  if (loading) {
    applicationCard = (
      <DashboardCard title="Your Application" wide>
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <CircularProgress size={24} aria-hidden />
          <Typography>Getting your application...</Typography>
        </Box>
      </DashboardCard>
    );
  } else if (failed || !application) {
    applicationCard = (
      <DashboardCard
        title="Your Application"
        wide
        actions={
          <Button variant="outlined" onClick={retry}>
            Try again
          </Button>
        }
      >
        <Typography>Your application could not be loaded right now.</Typography>
      </DashboardCard>
    );
  } else {
    const kind = statusCardFor({
      application,
      gates,
      isTeamLeader: session.isTeamLeader,
      offerLapsed: application !== 'none' && offerLapsed(settings.timeline, application.confirm_by, new Date(serverNow())),
    });
    applicationCard =
      kind === 'application' ? (
        <ApplicationCard application={application} profile={profile} applicationEndDate={settings.timeline.applicationEndDate} />
      ) : (
        <StatusCard kind={kind} application={application} gates={gates} />
      );
  }

  // A submitted application's referees and where each stands, until decisions are out (then they no longer matter to the applicant).
  const showReferences = !!application && application !== 'none' && application.completed && !gates.afterDecisions;

  return (
    <Box>
      <Welcome profile={profile} />
      <MessageBanners />
      <DashboardCards>
        {session.isAdmin && <AdminCard />}
        {applicationCard}
        {/* The other cards wait for the application, so that it does not push them down when it arrives. */}
        {!loading && (
          <>
            {showReferences && <ReferencesCard accountEmail={profile.email} contactEmail={settings.contactEmail} />}
            {session.isTeamLeader && gates.juryOpen && <JuryCard juryDeadline={settings.timeline.juryDeadline} />}
            {schedule && (
              <Suspense fallback={<DashboardCard title="Schedule" />}>
                <ScheduleCard schedulePath={schedule} />
              </Suspense>
            )}
            {showCertificate && (
              <Suspense fallback={<DashboardCard title="Certificate of Service" />}>
                <CertificateCard />
              </Suspense>
            )}
            <ResourceLinks />
          </>
        )}
      </DashboardCards>
    </Box>
  );
}
