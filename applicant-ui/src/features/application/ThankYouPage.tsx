import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useSettings } from '../../state/SettingsContext';

export const THANK_YOU_TITLE = 'Thank You For Applying!';

/** After submission: when results arrive, and the way back to the dashboard. */
export default function ThankYouPage() {
  const { settings } = useSettings();
  const { resultTexts, contactEmail } = settings;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, maxWidth: 720, mx: 'auto', mt: 2 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {THANK_YOU_TITLE}
      </Typography>
      <Typography sx={{ mb: 2 }}>
        Your application to the Student Volunteer program has been submitted. We have your answers, and you can review them at any time from
        your dashboard.
      </Typography>
      <Typography component="h2" variant="h3" sx={{ mb: 1 }}>
        When you will hear from us
      </Typography>
      <Box component="ul" sx={{ mt: 0, mb: 2, pl: 3 }}>
        <li>
          <Typography>Team Leader applicants are notified in {resultTexts.thankYouTeamLeaderResults}.</Typography>
        </li>
        <li>
          <Typography>Student Volunteer applicants are notified in {resultTexts.thankYouStudentVolunteerResults}.</Typography>
        </li>
      </Box>
      <Typography sx={{ mb: 3 }}>
        Notifications are sent by email, so keep an eye on your inbox (and spam folder). Questions? Email{' '}
        <a href={`mailto:${contactEmail}`}>{contactEmail}</a>.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Button variant="contained" component={RouterLink} to="/dashboard">
          Go to Dashboard
        </Button>
        <Button variant="outlined" component={RouterLink} to="/application/view">
          View your Submission
        </Button>
      </Stack>
    </Paper>
  );
}
