import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useEffect } from 'react';
import { Navigate, Link as RouterLink } from 'react-router-dom';
import { endpoints } from '../../api/endpoints';
import type { BoardShift, ScheduleBoard } from '../../api/types';
import { SCHEDULE_PATHS, shiftDetailPath } from '../../components/navigation';
import { useSession } from '../../state/SessionContext';
import { LoadingText } from '../application/LoadingText';
import { LoadFailed } from '../schedule/LoadFailed';
import { ScheduleRefusal } from '../schedule/ScheduleRefusal';
import { useScheduleLoad } from '../schedule/useScheduleLoad';
import { BOARD_EMPTY, BOARD_REFRESH_MS, boardTimes, checkedInText, lastUpdatedText, phaseText, volunteerStatus } from './boardText';

function ShiftCard({ shift }: { shift: BoardShift }) {
  const titleId = `board-shift-${shift.id}`;
  const late = shift.volunteers.filter((volunteer) => volunteer.late).length;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: 2 }}>
      <Typography id={titleId} variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
        {shift.role}, {shift.venueName}
      </Typography>
      <Typography color="text.secondary">
        {boardTimes(shift)} · {phaseText(shift)}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2, rowGap: 1, my: 1 }}>
        <Typography sx={{ fontWeight: 'bold' }}>{checkedInText(shift)}</Typography>
        <Typography variant="body2">{shift.assigned} assigned</Typography>
        {late > 0 && (
          <Typography variant="body2" color="error.main" sx={{ fontWeight: 'bold' }}>
            {late} not checked in
          </Typography>
        )}
      </Box>
      {shift.volunteers.length === 0 ? (
        <Typography variant="body2">No volunteers are assigned to this shift.</Typography>
      ) : (
        <Box component="ul" aria-label={`Volunteers on ${shift.role}, ${shift.venueName}`} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {shift.volunteers.map((volunteer) => (
            <Box
              component="li"
              key={volunteer.id}
              sx={{
                display: 'flex',
                flexWrap: 'wrap',
                justifyContent: 'space-between',
                columnGap: 2,
                py: 0.75,
                borderTop: 1,
                borderColor: 'divider',
                overflowWrap: 'anywhere',
              }}
            >
              <span>
                {volunteer.name}{' '}
                <Typography component="span" variant="body2" color="text.secondary">
                  ({volunteer.svid})
                </Typography>
              </span>
              {volunteer.late ? (
                <Typography
                  component="span"
                  color="error.main"
                  sx={{ fontWeight: 'bold', display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
                >
                  <WarningAmberIcon fontSize="small" aria-hidden />
                  {volunteerStatus(volunteer, shift)}
                </Typography>
              ) : (
                <Typography component="span" color="text.secondary">
                  {volunteerStatus(volunteer, shift)}
                </Typography>
              )}
            </Box>
          ))}
        </Box>
      )}
      <Button
        size="small"
        variant="outlined"
        component={RouterLink}
        to={shiftDetailPath(shift.id)}
        sx={{ mt: 1.5 }}
        aria-describedby={titleId}
      >
        Shift detail
      </Button>
    </Paper>
  );
}

function Board({ board, reloading, onRefresh }: { board: ScheduleBoard; reloading: boolean; onRefresh: () => void }) {
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 2, mb: 3 }}>
        <Typography variant="body2" color="text.secondary">
          {lastUpdatedText(board.now)}
        </Typography>
        <Button variant="outlined" size="small" onClick={onRefresh}>
          Refresh
        </Button>
        <Typography variant="body2" color="text.secondary" role="status">
          {reloading ? 'Refreshing...' : ''}
        </Typography>
      </Box>
      {board.shifts.length === 0 ? (
        <Typography>{BOARD_EMPTY}</Typography>
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
            alignItems: 'start',
          }}
        >
          {board.shifts.map((shift) => (
            <ShiftCard key={shift.id} shift={shift} />
          ))}
        </Box>
      )}
    </>
  );
}

/**
 * /schedule/board: the team leader's live board — the shifts of their venues under
 * way now or starting within the hour, each with how many volunteers checked in against its places
 * and who has not checked in since it started. Loads itself again every 30 seconds and on 'Refresh';
 * a failed refresh keeps the last board (the reason is in the danger alert).
 */
export default function BoardPage() {
  const { isTeamLeader } = useSession();
  const { data, loading, reloading, failed, refused, reload } = useScheduleLoad(isTeamLeader ? 'board' : null, endpoints.scheduleBoard, {
    cache: false,
  });
  useEffect(() => {
    if (!isTeamLeader) return undefined;
    const timer = window.setInterval(reload, BOARD_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [isTeamLeader, reload]);
  if (!isTeamLeader) return <Navigate to={SCHEDULE_PATHS.volunteer} replace />;

  return (
    <Box>
      <Typography variant="h4" component="h1" gutterBottom>
        Live board
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Shifts at your venues in progress now or starting within the hour, in Pacific time. The board refreshes every 30 seconds.
      </Typography>
      {refused && (
        <ScheduleRefusal
          title="The live board cannot be shown"
          message={refused}
          back={{ to: SCHEDULE_PATHS.teamLeader, label: 'Back to Schedule' }}
        />
      )}
      {loading && <LoadingText text="Loading the live board..." />}
      {failed && !data && <LoadFailed what="The live board" onRetry={reload} />}
      {data && <Board board={data} reloading={reloading} onRefresh={reload} />}
      <Stack direction="row" sx={{ mt: 3 }}>
        <Button variant="outlined" component={RouterLink} to={SCHEDULE_PATHS.teamLeader}>
          Back to Schedule
        </Button>
      </Stack>
    </Box>
  );
}
