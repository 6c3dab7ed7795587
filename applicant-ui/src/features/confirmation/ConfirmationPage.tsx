import { Alert, Box, Button, CircularProgress, Link, Stack, Typography } from '@mui/material';
import { ErrorCode, offerDeadline, offerLapsed } from '@svp/domain';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { endpoints } from '../../api/endpoints';
import { AVAILABILITY_PATH } from '../../components/navigation';
import { errorText, useAlerts } from '../../state/AlertsContext';
import { useSession } from '../../state/SessionContext';
import { useSettings } from '../../state/SettingsContext';
import type { AvailabilityDraft } from '../availability/availabilityForm';
import { formatDateTime } from '../home/dateText';
import { type ConfirmationResult, ConfirmationWizard } from './ConfirmationWizard';

const TITLE = 'Confirm Your Position';
export const AVAILABILITY_NOT_SAVED = 'Your availability was not saved: check it below and save it again.';
const titleSx = { fontSize: { xs: '1.75rem', sm: '2.25rem' } };

function Notice({ severity = 'info', title, children }: { severity?: 'info' | 'warning'; title: string; children: ReactNode }) {
  return (
    <Box sx={{ maxWidth: 800 }}>
      <Typography variant="h1" gutterBottom sx={titleSx}>
        {TITLE}
      </Typography>
      <Alert severity={severity} sx={{ mb: 3 }}>
        <Typography component="p" sx={{ fontWeight: 500 }}>
          {title}
        </Typography>
        {children}
      </Alert>
      <Button variant="contained" component={RouterLink} to="/dashboard">
        Back to Dashboard
      </Button>
    </Box>
  );
}

function Waiting({ label }: { label: string }) {
  return (
    <Stack spacing={2} sx={{ py: 6, alignItems: 'center' }}>
      <CircularProgress aria-hidden />
      <Typography role="status">{label}</Typography>
    </Stack>
  );
}

/** /confirmation: the two-step confirmation form for an offered position, or why there is none. */
export default function ConfirmationPage() {
  const { profile, application, setApplication } = useSession();
  const { settings, refresh, serverNow } = useSettings();
  const { showError, showMessage } = useAlerts();
  const navigate = useNavigate();
  const [loadFailed, setLoadFailed] = useState(false);
  const [confirmed, setConfirmed] = useState(false);
  const resultMessage = useRef<string | null>(null);
  const availabilityError = useRef<string | null>(null);

  // The route guard clears the alerts after each navigation, so the result is shown once the next page is in place.
  useEffect(
    () => () => {
      const message = resultMessage.current;
      const error = availabilityError.current;
      if (message) setTimeout(() => showMessage(message), 0);
      if (error) setTimeout(() => showError(error), 0);
    },
    [showMessage, showError],
  );

  useEffect(() => {
    if (!profile || application !== null) return;
    let active = true;
    endpoints
      .application(profile.id)
      .then((loaded) => active && setApplication(loaded))
      .catch((error: ApiError) => {
        if (!active) return;
        if (error.status === 404) setApplication('none');
        else {
          setLoadFailed(true);
          showError('Unable to load application');
        }
      });
    return () => {
      active = false;
    };
  }, [profile, application, setApplication, showError]);

  const onConfirmed = (result: ConfirmationResult) => {
    resultMessage.current = result.message;
    setConfirmed(true);
    setApplication(result.application);
    const notSaved = result.availabilityNotSaved;
    if (!notSaved) {
      navigate('/dashboard');
      return;
    }
    // The place is confirmed; the availability answers go on to their own page, as typed, with why they were not saved.
    availabilityError.current = `${AVAILABILITY_NOT_SAVED} ${errorText(notSaved.error, settings.contactEmail)}`;
    const state: AvailabilityDraft = { answers: notSaved.answers, errors: notSaved.error instanceof ApiError ? notSaved.error.errors : {} };
    navigate(AVAILABILITY_PATH, { state });
  };

  const onRefused = (error: ApiError) => {
    // Show why on this page: the deadline comes from fresh settings, the state from a fresh application.
    if (error.code === ErrorCode.DeadlinePassed) void refresh();
    else setApplication(null);
  };

  const { gates, contactEmail, conference } = settings;
  const contact = <Link href={`mailto:${contactEmail}`}>{contactEmail}</Link>;

  if (!profile || loadFailed) {
    return (
      <Notice severity="warning" title="Your offer cannot be shown right now.">
        Please try again in a minute. If this continues, write to {contact}.
      </Notice>
    );
  }
  if (confirmed) return <Waiting label="Saving..." />;
  if (application === null) return <Waiting label="Getting your application..." />;

  if (application !== 'none' && application.sv.state === 'confirmed') {
    return (
      <Notice title="You have already confirmed your position.">
        See you in {conference.city}! If something in your answers has changed, write to {contact}.
      </Notice>
    );
  }
  // Until decisions are out the dashboard shows no result, so this page shows none either.
  if (application === 'none' || application.sv.state !== 'offered' || !gates.afterDecisions) {
    return (
      <Notice title="There is no offer to confirm.">
        When you are offered a position, you can confirm it here until the confirmation deadline. Your dashboard shows the status of your
        application.
      </Notice>
    );
  }
  // On the server's clock now, so a page left open still turns at the deadline.
  const confirmBy = offerDeadline(settings.timeline, application.confirm_by).toISOString();
  if (offerLapsed(settings.timeline, application.confirm_by, new Date(serverNow()))) {
    return (
      <Notice severity="warning" title="The confirmation deadline has passed">
        Offers had to be confirmed by {formatDateTime(confirmBy)}. If you have questions, write to {contact}.
      </Notice>
    );
  }

  return (
    <Box sx={{ maxWidth: 800 }}>
      <Typography variant="h1" gutterBottom sx={titleSx}>
        {TITLE}
      </Typography>
      <Typography sx={{ mb: 1 }}>
        Congratulations{profile.nickname || profile.given_name ? `, ${profile.nickname || profile.given_name}` : ''}! You have been offered
        a position as a {application.sv.tag === 'TL' ? 'Team Leader' : 'Student Volunteer'} at {conference.name}. Please confirm it by{' '}
        <strong>{formatDateTime(confirmBy)}</strong>.
      </Typography>
      <Typography sx={{ mb: 4 }}>
        If you cannot take part, decline your position from your{' '}
        <Link component={RouterLink} to="/dashboard">
          dashboard
        </Link>
        .
      </Typography>
      <ConfirmationWizard
        svid={profile.svid}
        initialValues={{ priorSv: !!(application.data.haveVolunteered || application.data.haveVolunteeredAsia) }}
        onConfirmed={onConfirmed}
        onRefused={onRefused}
      />
    </Box>
  );
}
