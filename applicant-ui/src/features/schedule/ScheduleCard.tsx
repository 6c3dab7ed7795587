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
 * The dashboard's schedule card: the next shift(s) and the way to the team
 * leader's or the volunteer's schedule, whichever `schedulePath` is; for a volunteer, while swapping
 * online is switched on, their open, created and assigned swap requests.
 */
export default function ScheduleCard({ schedulePath }: { schedulePath: string }) {
  const teamLeader = schedulePath === SCHEDULE_PATHS.teamLeader;
  const swapsEnabled = useSwapsEnabled();
  const tl = useTeamLeaderSchedule(teamLeader);
  const sv = useVolunteerSchedule(!teamLeader);
  const { data, loading, failed, refused, reload }: ScheduleLoad<{ next_shifts: ScheduleShift[] }> = teamLeader ? tl : sv;
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
      {failed && !data && <Typography>Your schedule could not be loaded right now.</Typography>}
      {data && (
        <>
          <Typography variant="subtitle2" component="h3" color="text.secondary">
            {data.next_shifts.length > 1 ? 'Your next shifts' : 'Your next shift'}
          </Typography>
          <NextShifts shifts={data.next_shifts} />
          {swapsEnabled && !teamLeader && <SwapSummary />}
        </>
      )}
    </DashboardCard>
  );
}
