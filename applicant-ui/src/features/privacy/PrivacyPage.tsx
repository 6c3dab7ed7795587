import { Box, Link, Paper, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { PRIVACY_POLICY_URL } from '../application/steps/ResponsibilitiesStep';
import { useSettings } from '../../state/SettingsContext';
import { RetentionPeriodsList } from './RetentionPeriodsList';

/**
 * What the portal keeps about a person and for how long (docs/decisions.md, 'Personal data'): the
 * retention periods are this edition's settings, so the page says what the server does.
 */
export default function PrivacyPage() {
  const { settings } = useSettings();
  return (
    <Box sx={{ maxWidth: 760 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Your data on the Student Volunteer portal
      </Typography>
      <Typography sx={{ mb: 2 }}>
        The{' '}
        <Link href={PRIVACY_POLICY_URL} target="_blank" rel="noopener">
          SIGGRAPH Privacy Policy
        </Link>{' '}
        applies to everything you give the portal. This page says what the portal itself keeps, for how long, and what you can ask for.
      </Typography>
      <Paper component="section" variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 2 }}>
        <Typography variant="h6" component="h2" gutterBottom>
          How long sensitive data is kept
        </Typography>
        <Typography variant="body2">
          After each year&apos;s conference ends (at midnight after its last day, in the conference&apos;s time zone), the portal removes
          these, each when its time comes:
        </Typography>
        <RetentionPeriodsList retention={settings.retention} />
        <Typography variant="body2" color="text.secondary">
          What the programme needs to stay accurate is kept without them: hours worked, counts, ratings and the years you volunteered. Your
          phone number stays while you apply to a later year.
        </Typography>
      </Paper>
      <Paper component="section" variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2" gutterBottom>
          What you can ask for
        </Typography>
        <Typography variant="body2" sx={{ mb: 1 }}>
          <strong>A copy of your data.</strong> Signed in, download everything the portal holds about you from{' '}
          <Link component={RouterLink} to="/profile#my-data">
            My data on your profile
          </Link>
          , with the agreements you gave and which version of each document you agreed to.
        </Typography>
        <Typography variant="body2">
          <strong>Erasure.</strong> Write to <Link href={`mailto:${settings.contactEmail}`}>{settings.contactEmail}</Link>. Two organisers
          decide each erasure; your account is then closed, your personal data removed, and you are told by email.
        </Typography>
      </Paper>
    </Box>
  );
}
