import RefreshIcon from '@mui/icons-material/Refresh';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Box, Button, Card, CardContent, Chip, Table, TableBody, TableCell, TableHead, TableRow, Typography, alpha } from '@mui/material';
import { formatShiftDay } from '@svp/domain';
import { useEffect } from 'react';
import { ScrollBox } from '../common/ScrollBox';
import { useAdminQuery } from '../common/useAdminQuery';
import { shiftTimeRange } from '../schedule/labels';
import { AppBarTitle } from './AppBarTitle';
import { pacificClock, pacificShortClock } from './format';
import { QueryStates } from './QueryStates';
import type { BoardShift, BoardVolunteer, LiveBoard } from './types';

/** How often the board asks again on its own (docs/decisions.md, "The week's records in the admin panel"). */
export const BOARD_REFRESH_MS = 30_000;

export const NO_SHIFT_ON_BOARD = 'No shift is in progress or starting within the hour.';

/** A volunteer's standing on the board, in words: a late one is marked 'Not checked in', not by colour alone. */
function VolunteerStatus({ volunteer, phase }: { volunteer: BoardVolunteer; phase: BoardShift['phase'] }) {
  if (volunteer.checkedOutAt) return <Typography variant="body2">Checked out {pacificShortClock(volunteer.checkedOutAt)}</Typography>;
  if (volunteer.checkedInAt) return <Typography variant="body2">Checked in {pacificShortClock(volunteer.checkedInAt)}</Typography>;
  // Under way and not late: checked in by a tick kept from before times were recorded, so without a time.
  if (!volunteer.late && phase === 'in-progress') return <Typography variant="body2">Checked in</Typography>;
  if (volunteer.late) {
    return (
      <Typography variant="body2" sx={{ color: 'error.main', fontWeight: 'bold', display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
        <WarningAmberIcon fontSize="small" aria-hidden />
        Not checked in
      </Typography>
    );
  }
  return (
    <Typography variant="body2" color="text.secondary">
      Awaiting check-in
    </Typography>
  );
}

function Volunteers({ shift }: { shift: BoardShift }) {
  if (!shift.volunteers.length) return <Typography variant="body2">Nobody is assigned.</Typography>;
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
      {shift.volunteers.map((volunteer) => (
        <Box
          component="li"
          key={volunteer.id}
          sx={
            volunteer.late && !volunteer.checkedInAt
              ? { bgcolor: (theme) => alpha(theme.palette.error.main, 0.08), borderLeft: 3, borderColor: 'error.main', pl: 1 }
              : { pl: 1.4 }
          }
        >
          <Typography variant="body2" component="span" sx={{ fontWeight: 500 }}>
            {volunteer.name}
          </Typography>
          {volunteer.svid && (
            <Typography variant="caption" color="text.secondary" component="span">
              {` (SV ID ${volunteer.svid})`}
            </Typography>
          )}
          <VolunteerStatus volunteer={volunteer} phase={shift.phase} />
        </Box>
      ))}
    </Box>
  );
}

function ShiftsTable({ board }: { board: LiveBoard }) {
  if (!board.shifts.length) return <Typography>{NO_SHIFT_ON_BOARD}</Typography>;
  return (
    <ScrollBox label="Shifts on the board, scrolls sideways">
      <Table size="small" aria-label="Shifts on the board">
        <TableHead>
          <TableRow>
            <TableCell>Shift</TableCell>
            <TableCell>Time (Pacific)</TableCell>
            <TableCell>Checked in</TableCell>
            <TableCell>Volunteers</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {board.shifts.map((shift) => {
            const late = shift.volunteers.filter((v) => v.late && !v.checkedInAt).length;
            return (
              <TableRow key={shift.id} sx={{ verticalAlign: 'top' }}>
                <TableCell>
                  <Typography variant="body2" sx={{ fontWeight: 500 }}>
                    {shift.role}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {shift.venueName}
                  </Typography>
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <div>{`${formatShiftDay(shift.startTime.slice(0, 10))} ${shiftTimeRange(shift)}`}</div>
                  <Chip
                    size="small"
                    variant="outlined"
                    color={shift.phase === 'in-progress' ? 'primary' : 'default'}
                    label={shift.phase === 'in-progress' ? 'In progress' : `Starts at ${shift.startTime.slice(11)}`}
                    sx={{ mt: 0.5 }}
                  />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <div>{`${shift.checkedIn} of ${shift.slots} slots`}</div>
                  <Typography variant="caption" color="text.secondary" component="div">
                    {`${shift.assigned} assigned`}
                  </Typography>
                  {late > 0 && (
                    <Typography variant="caption" color="error" component="div" sx={{ fontWeight: 'bold' }}>
                      {`${late} not checked in`}
                    </Typography>
                  )}
                </TableCell>
                <TableCell sx={{ minWidth: 220 }}>
                  <Volunteers shift={shift} />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </ScrollBox>
  );
}

/**
 * The shifts in progress now or starting within the hour, at every venue, with who has checked in
 * against the slots; asks again every 30 seconds and on 'Refresh'.
 */
export function LiveBoardPage() {
  const board = useAdminQuery((api) => api.liveBoard(), 'live-board');
  const { refetch } = board;

  useEffect(() => {
    const timer = setInterval(refetch, BOARD_REFRESH_MS);
    return () => clearInterval(timer);
  }, [refetch]);

  return (
    <Card sx={{ mt: 2 }}>
      <AppBarTitle text="Live board" />
      <CardContent>
        <Typography variant="h6" component="h1">
          Live board
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Shifts in progress and those starting within the hour, at every venue. The board refreshes every 30 seconds.
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}>
          <Typography variant="body2" color="text.secondary" role="status">
            {board.data ? `Last updated ${pacificClock(board.data.now)} (Pacific)` : 'Not loaded yet'}
          </Typography>
          <Button size="small" startIcon={<RefreshIcon />} onClick={refetch} disabled={board.isPending}>
            Refresh
          </Button>
        </Box>
        <QueryStates query={board} loading="Loading the board...">
          {(data) => <ShiftsTable board={data} />}
        </QueryStates>
      </CardContent>
    </Card>
  );
}
