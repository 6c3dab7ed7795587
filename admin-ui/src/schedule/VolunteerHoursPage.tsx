import {
  Box,
  Card,
  CardContent,
  Chip,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useMemo, useState } from 'react';
import { Title } from 'react-admin';
import { LastUpdated } from '../common/LastUpdated';
import { LoadingText } from '../common/LoadingText';
import { useEditionSettings } from '../common/useEditionSettings';
import { useNotifyError } from '../jury/useNotifyError';
import { HOURS_STANDING } from './labels';
import { useScheduleData } from './useScheduleData';
import { type HoursStanding, volunteerHours } from './volunteerHours';

type Show = 'all' | HoursStanding;

/** Each scheduled volunteer's assigned hours against the edition's expectations (its settings: about 25 h for an SV, 60 h for a TL by
 * default). */
export function VolunteerHoursPage() {
  const schedule = useScheduleData();
  const conference = useEditionSettings()?.conference;
  useNotifyError(schedule.error);
  const [show, setShow] = useState<Show>('all');
  const rows = useMemo(
    () =>
      schedule.data && conference
        ? volunteerHours(schedule.data.assignments, schedule.data.shifts, schedule.data.teamLeaderIds, conference)
        : [],
    [schedule.data, conference],
  );
  const shown = show === 'all' ? rows : rows.filter((r) => r.standing === show);

  return (
    <Card sx={{ mt: 2 }}>
      <Title title="Volunteer hours" />
      <CardContent>
        <Typography variant="h6" component="h1">
          Volunteer hours
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="hours-expected">
          Assigned hours of every volunteer with shifts
          {conference &&
            `, against about ${conference.svHours} h for a student volunteer and ${conference.tlHours} h for a team leader, as ` +
              `set in Settings`}
          . Hours are real hours (a night across a clock change counts what is worked).
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 2 }}>
          <TextField select size="small" label="Show" value={show} onChange={(e) => setShow(e.target.value as Show)} sx={{ minWidth: 180 }}>
            <MenuItem value="all">All volunteers</MenuItem>
            <MenuItem value="under">Under the expectation</MenuItem>
            <MenuItem value="met">On target</MenuItem>
            <MenuItem value="over">Over the expectation</MenuItem>
          </TextField>
          {schedule.data && <Typography variant="body2">{`${shown.length} of ${rows.length} volunteers`}</Typography>}
          <LastUpdated at={schedule.loadedAt} onRefresh={schedule.refetch} refreshing={schedule.isPending} />
        </Box>
        {(schedule.isPending && !schedule.data) || !conference ? (
          <LoadingText>Loading the schedule...</LoadingText>
        ) : rows.length === 0 ? (
          <Typography>No volunteer has shifts yet.</Typography>
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label="Volunteer hours">
              <TableHead>
                <TableRow>
                  <TableCell>Volunteer</TableCell>
                  <TableCell>Role</TableCell>
                  <TableCell align="right">Shifts</TableCell>
                  <TableCell align="right">Hours</TableCell>
                  <TableCell align="right">Expected</TableCell>
                  <TableCell>Standing</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {shown.map((row) => (
                  <TableRow key={row.volunteerId}>
                    <TableCell>
                      {row.name}
                      {row.svid && (
                        <Typography variant="caption" component="div" color="text.secondary">
                          SV ID {row.svid}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell>{row.teamLeader ? 'TL' : 'SV'}</TableCell>
                    <TableCell align="right">{row.shifts}</TableCell>
                    <TableCell align="right">{row.hours}</TableCell>
                    <TableCell align="right">{row.expected}</TableCell>
                    <TableCell>
                      <Chip size="small" color={HOURS_STANDING[row.standing].color} label={HOURS_STANDING[row.standing].label} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
