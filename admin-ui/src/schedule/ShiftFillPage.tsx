import { Box, Card, CardContent, MenuItem, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { formatShiftDay } from '@svp/domain';
import { useMemo, useState } from 'react';
import { Link, Title } from 'react-admin';
import { LastUpdated } from '../common/LastUpdated';
import { LoadingText } from '../common/LoadingText';
import { useNotifyError } from '../jury/useNotifyError';
import { FillChip } from './FillChip';
import { shiftTimeRange } from './labels';
import { type FillState, fillState } from './shiftFill';
import { useScheduleData } from './useScheduleData';

type Show = 'all' | FillState | 'open';

const SHOW_LABELS: Record<Show, string> = {
  all: 'All shifts',
  empty: 'Empty',
  open: 'Not full',
  partial: 'Partly filled',
  full: 'Full',
};

const matches = (show: Show, state: FillState) => show === 'all' || show === state || (show === 'open' && state !== 'full');

/** Every shift's assigned volunteers against its places, by venue and day; empty and full shifts stand out. */
export function ShiftFillPage() {
  const schedule = useScheduleData();
  useNotifyError(schedule.error);
  const [venueId, setVenueId] = useState<number | ''>('');
  const [day, setDay] = useState('');
  const [show, setShow] = useState<Show>('all');
  const venueName = useMemo(() => new Map(schedule.data?.venues.map((v) => [v.id, v.name])), [schedule.data]);
  const days = useMemo(() => [...new Set(schedule.data?.shifts.map((s) => s.day))].sort(), [schedule.data]);
  const shifts = useMemo(
    () =>
      (schedule.data?.shifts ?? [])
        .filter((s) => (venueId === '' || s.venueId === venueId) && (day === '' || s.day === day) && matches(show, fillState(s)))
        .sort(
          (a, b) => a.startsAt.localeCompare(b.startsAt) || (venueName.get(a.venueId) ?? '').localeCompare(venueName.get(b.venueId) ?? ''),
        ),
    [schedule.data, venueId, day, show, venueName],
  );
  const totals = shifts.reduce((sum, s) => ({ assigned: sum.assigned + s.assigned, slots: sum.slots + s.svSlots }), {
    assigned: 0,
    slots: 0,
  });

  return (
    <Card sx={{ mt: 2 }}>
      <Title title="Shift fill" />
      <CardContent>
        <Typography variant="h6" component="h1">
          Shift fill
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Volunteers assigned against the places of each shift. Times are Pacific time.
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 2 }}>
          <TextField
            select
            size="small"
            label="Venue"
            value={venueId}
            onChange={(e) => setVenueId(e.target.value === '' ? '' : Number(e.target.value))}
            sx={{ minWidth: 180 }}
          >
            <MenuItem value="">All venues</MenuItem>
            {schedule.data?.venues.map((v) => (
              <MenuItem key={v.id} value={v.id}>
                {v.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField select size="small" label="Day" value={day} onChange={(e) => setDay(e.target.value)} sx={{ minWidth: 160 }}>
            <MenuItem value="">All days</MenuItem>
            {days.map((d) => (
              <MenuItem key={d} value={d}>
                {formatShiftDay(d)}
              </MenuItem>
            ))}
          </TextField>
          <TextField select size="small" label="Show" value={show} onChange={(e) => setShow(e.target.value as Show)} sx={{ minWidth: 160 }}>
            {(Object.keys(SHOW_LABELS) as Show[]).map((key) => (
              <MenuItem key={key} value={key}>
                {SHOW_LABELS[key]}
              </MenuItem>
            ))}
          </TextField>
          <LastUpdated at={schedule.loadedAt} onRefresh={schedule.refetch} refreshing={schedule.isPending} />
        </Box>
        {schedule.isPending && !schedule.data ? (
          <LoadingText>Loading the schedule...</LoadingText>
        ) : shifts.length === 0 ? (
          <Typography>No shifts match.</Typography>
        ) : (
          <>
            <Typography
              variant="body2"
              sx={{ mb: 1 }}
            >{`${shifts.length} shifts · ${totals.assigned} of ${totals.slots} places taken`}</Typography>
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-label="Shift fill">
                <TableHead>
                  <TableRow>
                    <TableCell>Day</TableCell>
                    <TableCell>Time (Pacific)</TableCell>
                    <TableCell>Venue</TableCell>
                    <TableCell>Role</TableCell>
                    <TableCell>Assigned / slots</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {shifts.map((shift) => (
                    <TableRow key={shift.id}>
                      <TableCell>{formatShiftDay(shift.day)}</TableCell>
                      <TableCell>{shiftTimeRange(shift)}</TableCell>
                      <TableCell>{venueName.get(shift.venueId) ?? `Venue ${shift.venueId}`}</TableCell>
                      <TableCell>
                        <Link to={`/shifts/${shift.id}`}>{shift.role}</Link>
                      </TableCell>
                      <TableCell>
                        <FillChip shift={shift} />
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          </>
        )}
      </CardContent>
    </Card>
  );
}
