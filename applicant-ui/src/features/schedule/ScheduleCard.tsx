import { Box, Button, CircularProgress, List, ListItem, ListItemText, Typography } from '@mui/material';
import { formatShiftDay } from '@svp/domain';
import { Link as RouterLink } from 'react-router-dom';
import type { ScheduleShift } from '../../api/types';
import { SCHEDULE_PATHS } from '../../components/navigation';
import { DashboardCard } from '../dashboard/DashboardLayout';
import { SwapSummary } from '../swaps/SwapSummary';
import { useSwapsEnabled } from '../swaps/useSwapRequests';
import { NOT_A_SHIFT, notAShiftReason, timeRange } from './scheduleDays';
import { useTeamLeaderSchedule, useVolunteerSchedule } from './useSchedules';
import type { ScheduleLoad } from './useScheduleLoad';

function NextShifts({ shifts }: { shifts: readonly ScheduleShift[] }) {
  if (!shifts.length) return <Typography>There are no more shifts on your schedule.</Typography>;
  return (
    <List dense disablePadding>
      {shifts.map((shift) => (
        <ListItem key={shift.id} disableGutters>
          <ListItemText
            primary={`${formatShiftDay(shift.day)}, ${timeRange(shift)}`}
            secondary={notAShiftReason(shift) ? `${NOT_A_SHIFT}: ${notAShiftReason(shift)}` : `${shift.role} at ${shift.venue.name}`}
            slotProps={{ primary: { sx: { fontWeight: 'bold' } }, secondary: { sx: { overflowWrap: 'anywhere' } } }}
          />
        </ListItem>
      ))}
    </List>
  );
}

/**
 * The dashboard's schedule card: the next shift(s) the person holds (a team leader's wherever they are) and the way to
 * the team leader's or the volunteer's schedule, whichever `schedulePath` is; for a volunteer, while swapping
 * online is switched on, their open, created and assigned swap requests.
 */
export default function ScheduleCard({ schedulePath }: { schedulePath: string }) {
  const teamLeader = schedulePath === SCHEDULE_PATHS.teamLeader;
  const swapsEnabled = useSwapsEnabled();
  const tl = useTeamLeaderSchedule(teamLeader);
  const sv = useVolunteerSchedule(!teamLeader);
  const load: ScheduleLoad<unknown> = teamLeader ? tl : sv;
  const { loading, failed, refused, reload } = load;
  // Everyone's next shift is the next they hold: a team leader's too, wherever it is (not the next at the venues they lead).
  const next: ScheduleShift[] | null = teamLeader ? (tl.data?.my_next_shifts ?? null) : (sv.data?.next_shifts ?? null);
  const actions = (
    <>
      <Button variant="contained" component={RouterLink} to={schedulePath}>
        View Schedule
      </Button>
      {failed && (
        <Button variant="outlined" onClick={reload}>
          Try again
        </Button>
      )}
    </>
  );
  return (
    <DashboardCard title="Schedule" actions={actions} data-testid="schedule-card">
      {loading && (
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <CircularProgress size={20} aria-hidden />
          <Typography>Loading your schedule...</Typography>
        </Box>
      )}
      {refused && <Typography>{refused}</Typography>}
      {failed && !next && <Typography>Your schedule could not be loaded right now.</Typography>}
      {next && (
        <>
          <Typography variant="subtitle2" component="h3" color="text.secondary">
            {next.length > 1 ? 'Your next shifts' : 'Your next shift'}
          </Typography>
          <NextShifts shifts={next} />
          {swapsEnabled && !teamLeader && <SwapSummary />}
        </>
      )}
    </DashboardCard>
  );
}
