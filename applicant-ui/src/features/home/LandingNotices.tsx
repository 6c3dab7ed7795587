import { Alert, Stack } from '@mui/material';
import type { Gates, Timeline } from '@svp/domain';
import { formatDateTime } from './dateText';

/** The deadline notices of the landing page while applications are open. */
export function LandingNotices({ timeline, gates }: { timeline: Timeline; gates: Gates }) {
  return (
    <Stack spacing={1} component="section" aria-label="Deadlines">
      <Alert role="note" severity={gates.afterTeamLeaderDeadline ? 'warning' : 'info'} variant="outlined">
        {gates.afterTeamLeaderDeadline
          ? 'Team Leader Applications Are Now Closed'
          : `Team Leader Applications Are Due ${formatDateTime(timeline.teamLeaderEndDate)}`}
      </Alert>
      <Alert role="note" severity="info" variant="outlined">
        {`Student Volunteer Applications Are Due ${formatDateTime(timeline.applicationEndDate)}`}
      </Alert>
    </Stack>
  );
}
