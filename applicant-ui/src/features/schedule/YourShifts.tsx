import { Box, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import type { ScheduleShift } from '../../api/types';
import { useSettings } from '../../state/SettingsContext';
import { ShiftSummary } from './ShiftSummary';
import { formatHours } from './scheduleDays';

export const NO_MORE_SHIFTS = 'There are no more shifts on your schedule.';

/** The next of the shifts the signed-in person holds (several when they start at the same moment). */
export function NextShiftPanel({ shifts, children }: { shifts: readonly ScheduleShift[]; children?: (shift: ScheduleShift) => ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby="next-shift-title" sx={{ p: 2 }}>
      <Typography id="next-shift-title" variant="h6" component="h2" gutterBottom>
        {shifts.length > 1 ? 'Your Next Shifts' : 'Your Next Shift'}
      </Typography>
      {shifts.length === 0 && <Typography>{NO_MORE_SHIFTS}</Typography>}
      {/* Several start at the same moment when they are at different venues: each is shown. */}
      <Stack spacing={2} divider={<Box sx={{ borderTop: 1, borderColor: 'divider' }} />}>
        {shifts.map((shift) => (
          <ShiftSummary key={shift.id} shift={shift}>
            {children?.(shift)}
          </ShiftSummary>
        ))}
      </Stack>
    </Paper>
  );
}

/** Hours assigned against what the edition expects of a student volunteer or, for a team leader, of a team leader. */
export function HoursPanel({ hours, teamLeader }: { hours: number; teamLeader: boolean }) {
  const { settings } = useSettings();
  const expected = teamLeader ? settings.conference.tlHours : settings.conference.svHours;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="hours-title" sx={{ p: 2 }}>
      <Typography id="hours-title" variant="h6" component="h2" gutterBottom>
        Your Hours
      </Typography>
      <Typography id="hours-text" sx={{ mb: 1 }}>
        {formatHours(hours)} hours assigned, of about {expected} expected
      </Typography>
      <LinearProgress
        variant="determinate"
        value={Math.min(100, Math.round((hours / expected) * 100))}
        aria-labelledby="hours-text"
        sx={{ height: 10, borderRadius: 5 }}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {teamLeader ? 'Team leaders' : 'Student volunteers'} work about {expected} hours over the conference.
      </Typography>
    </Paper>
  );
}
