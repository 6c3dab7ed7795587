import { Button, Link, Typography } from '@mui/material';
import { type Gates, offerDeadline } from '@svp/domain';
import { type ReactNode, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { ApplicationRecord } from '../../api/types';
import { AVAILABILITY_PATH } from '../../components/navigation';
import { useSession } from '../../state/SessionContext';
import { useSettings } from '../../state/SettingsContext';
import { DashboardCard } from './DashboardLayout';
import { DeclineDialog } from './DeclineDialog';
import { formatDate, formatDateTime } from '../home/dateText';
import type { StatusCardKind } from './statusCardKind';

interface Props {
  kind: Exclude<StatusCardKind, 'application'>;
  application: ApplicationRecord | 'none';
  gates: Pick<Gates, 'schedulesOut'>;
}

/** Where a finished (or closed) application stands, one card per state (docs/product.md, 'Dashboard'). */
export function StatusCard({ kind, application, gates }: Props) {
  const { settings } = useSettings();
  const { isTeamLeader } = useSession();
  const [declineOpen, setDeclineOpen] = useState(false);
  const { conference, timeline, resultTexts, contactEmail, mailingListUrl } = settings;
  const record = application === 'none' ? null : application;
  const asTeamLeader = record?.sv.tag === 'TL' || isTeamLeader;
  const position = asTeamLeader ? 'Team Leader' : 'Student Volunteer';
  const serviceDates = `${formatDate(conference.startDate)} to ${formatDate(conference.endDate)}`;
  const conferenceDates = `${conference.name} in ${conference.city}, ${serviceDates}`;
  const mailingList = (
    <Link href={mailingListUrl} target="_blank" rel="noopener">
      Join the mailing list
    </Link>
  );
  const contact = <Link href={`mailto:${contactEmail}`}>{contactEmail}</Link>;

  const card = (title: string, body: ReactNode, actions?: ReactNode) => (
    <DashboardCard title={title} actions={actions} wide data-testid={`status-${kind}`}>
      {body}
    </DashboardCard>
  );

  switch (kind) {
    case 'acceptedStudentVolunteer':
    case 'acceptedTeamLeader': {
      const hours = kind === 'acceptedTeamLeader' ? conference.tlHours : conference.svHours;
      const role = kind === 'acceptedTeamLeader' ? 'Team Leader' : 'Student Volunteer';
      return card(
        `Congratulations, You Are a ${role}!`,
        <>
          <Typography sx={{ mb: 1.5 }}>
            Your place as a {role} at {conferenceDates} is confirmed. Expect to work about {hours} hours, and plan to stay until 6PM on the
            last day.
          </Typography>
          <Typography>
            {gates.schedulesOut
              ? 'Schedules are out: open your schedule from the menu.'
              : `Your schedule will be here once schedules are released on ${formatDate(timeline.schedulesReleaseDate)}. Until ` +
                `then, tell us the days or hours you cannot work.`}
          </Typography>
        </>,
        gates.schedulesOut ? undefined : (
          <Button variant="contained" component={RouterLink} to={AVAILABILITY_PATH}>
            Your Availability
          </Button>
        ),
      );
    }
    case 'offered':
      return (
        <>
          {card(
            'Congratulations, You Have Been Accepted!',
            <>
              <Typography sx={{ mb: 1.5 }}>
                You have been offered a place as a {position} at {conferenceDates}.
              </Typography>
              <Typography sx={{ fontWeight: 'bold' }}>
                Please confirm or decline your place by {formatDateTime(offerDeadline(timeline, record?.confirm_by).toISOString())}.
              </Typography>
            </>,
            <>
              <Button variant="contained" component={RouterLink} to="/confirmation">
                Confirm
              </Button>
              <Button variant="outlined" color="error" onClick={() => setDeclineOpen(true)}>
                Decline
              </Button>
            </>,
          )}
          <DeclineDialog open={declineOpen} onClose={() => setDeclineOpen(false)} />
        </>
      );
    case 'offerExpired':
      return card(
        'Your Offer',
        <>
          <Typography sx={{ mb: 1.5, fontWeight: 'bold' }}>The confirmation deadline has passed</Typography>
          <Typography>
            You were offered a place as a {position}, and the place had to be confirmed by{' '}
            {formatDateTime(offerDeadline(timeline, record?.confirm_by).toISOString())}. If you think this is a mistake, email {contact}.
          </Typography>
        </>,
      );
    case 'declined':
      return card(
        'You Have Declined Your Place',
        <Typography>
          You declined your position as a {position}. Thank you for letting us know; we hope to see you at a future conference.
        </Typography>,
      );
    case 'waitlisted':
      return card(
        'You Are on the Waitlist',
        <Typography>
          We are not able to offer you a place yet, but you are on our waitlist. If a place opens up, we will email you and your offer will
          appear here.
        </Typography>,
      );
    case 'rejected':
      return card(
        'Application Decision',
        <>
          <Typography sx={{ mb: 1.5 }}>
            Thank you for applying. We received many more strong applications than we have places, and we are sorry that we cannot offer you
            a place this year.
          </Typography>
          <Typography>We hope you will apply again next year: {mailingList} to hear when applications open.</Typography>
        </>,
      );
    case 'submitted':
      return card(
        'Thank You For Applying!',
        <>
          <Typography sx={{ mb: 1.5 }}>
            Your application is complete. Thank you for applying to be a {record?.team_leader ? 'Team Leader' : 'Student Volunteer'}.
          </Typography>
          <Typography>
            {record?.team_leader
              ? `Team Leader results are sent in ${resultTexts.teamLeaderResults}, and Student Volunteer results ` +
                `in ${resultTexts.studentVolunteerResults}.`
              : `You will hear from us about your application in ${resultTexts.studentVolunteerResults}.`}{' '}
            We will email you, and your status will show here.
          </Typography>
        </>,
        <Button variant="contained" component={RouterLink} to="/application/view">
          View your Submission
        </Button>,
      );
    case 'closed':
      return card(
        'Applications Have Closed',
        <>
          <Typography sx={{ mb: 1.5 }}>
            The application deadline was {formatDateTime(timeline.applicationEndDate)}.{' '}
            {record
              ? 'Your application was not submitted in time, so it can no longer be completed.'
              : 'Applications can no longer be started or submitted.'}
          </Typography>
          <Typography>{mailingList} to hear when applications open next year.</Typography>
        </>,
      );
  }
}
