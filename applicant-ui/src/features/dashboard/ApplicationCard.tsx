import { Box, Button, LinearProgress, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import type { ApplicationRecord, ProfileUser } from '../../api/types';
import { missingFieldLabels } from '../profile/profileForm';
import { DashboardCard } from './DashboardLayout';
import { formatDateTime } from '../home/dateText';

/**
 * The volunteer application card while applications are open and the application is unfinished:
 * progress, and the way on — to the application, or to the profile while it is incomplete.
 */
export function ApplicationCard({
  application,
  profile,
  applicationEndDate,
}: {
  application: ApplicationRecord | 'none';
  profile: Pick<ProfileUser, 'profile_complete' | 'missing_fields'>;
  /** ISO instant of the application deadline. */
  applicationEndDate: string;
}) {
  const progress = application === 'none' ? 0 : Math.round(application.progress ?? 0);
  const missing = missingFieldLabels(profile.missing_fields ?? []);
  const action = !profile.profile_complete ? (
    <Button variant="contained" component={RouterLink} to="/profile">
      Update Profile
    </Button>
  ) : (
    <Button variant="contained" component={RouterLink} to="/application">
      {application === 'none' ? 'Start Application' : 'Continue Application'}
    </Button>
  );

  return (
    <DashboardCard title="Volunteer Application" actions={action} wide data-testid="application-card">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
        <LinearProgress
          variant="determinate"
          value={progress}
          sx={{ flexGrow: 1, height: 10, borderRadius: 5 }}
          aria-label="Application progress"
        />
        <Typography sx={{ fontWeight: 'bold', minWidth: '4.5em', textAlign: 'right' }}>{progress}% complete</Typography>
      </Box>
      {!profile.profile_complete ? (
        <Typography>
          Before you {application === 'none' ? 'start' : 'continue'} your application, please complete your profile
          {missing.length ? `: ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} still missing.` : '.'}
        </Typography>
      ) : (
        <Typography>
          {application === 'none'
            ? 'You have not started your application yet. It is saved as you go, so you can finish it over several visits.'
            : 'Your application is saved as you go. Continue where you left off and submit it before the deadline.'}
        </Typography>
      )}
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        Applications close on {formatDateTime(applicationEndDate)}. Late submissions are never accepted.
      </Typography>
    </DashboardCard>
  );
}
