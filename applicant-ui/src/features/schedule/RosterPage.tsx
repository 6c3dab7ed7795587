import PrintIcon from '@mui/icons-material/Print';
import { Box, Button, Link, Paper, Stack, Typography } from '@mui/material';
import { isDay } from '@svp/domain';
import { Navigate, Link as RouterLink, useSearchParams } from 'react-router-dom';
import { SCHEDULE_PATHS } from '../../components/navigation';
import { useSession } from '../../state/SessionContext';
import { LoadingText } from '../application/LoadingText';
import { LoadFailed } from './LoadFailed';
import { PrintSheet, SignInTable } from './PrintRoster';
import { type RosterShift, type VenueDayRoster, venueDayRoster } from './rosterApi';
import { ScheduleRefusal } from './ScheduleRefusal';
import { longDay, timeRange } from './scheduleDays';
import { stackedOnSmallScreens } from './stackedTable';
import { useScheduleLoad } from './useScheduleLoad';

const times = (shift: RosterShift): string => timeRange({ starts_at: shift.startsAt, ends_at: shift.endsAt });
const shiftTitle = (shift: RosterShift): string => `${shift.role}, ${times(shift)}`;
const filledText = (shift: RosterShift): string =>
  `${shift.volunteers.length} of ${shift.slots} ${shift.slots === 1 ? 'place' : 'places'} filled`;
/** A number a phone can dial: '+1 (604) 555-0100' → 'tel:+16045550100'. */
const telHref = (phone: string): string => `tel:${phone.replace(/[^+\d]/g, '')}`;
const leadersText = (roster: VenueDayRoster): string => roster.venue.teamLeaders.map((leader) => leader.name).join(', ');

export const NO_PHONE = 'No phone number';

function ShiftOnScreen({ shift }: { shift: RosterShift }) {
  const titleId = `roster-shift-${shift.id}`;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: 2 }}>
      <Typography id={titleId} variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
        {shiftTitle(shift)}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {filledText(shift)}
        {shift.reportTo && ` · Report to: ${shift.reportTo}`}
      </Typography>
      {shift.volunteers.length === 0 ? (
        <Typography sx={{ mt: 1 }}>Nobody is assigned to this shift.</Typography>
      ) : (
        <Box
          component="table"
          aria-labelledby={titleId}
          sx={(theme) => ({
            ...stackedOnSmallScreens(theme),
            mt: 1,
            borderCollapse: 'collapse',
            '& th, & td': { textAlign: 'left', py: 0.75, pr: 2 },
            '& tbody tr': { borderTop: 1, borderColor: 'divider' },
          })}
        >
          <thead>
            <tr>
              <th scope="col">Volunteer</th>
              <th scope="col">SV ID</th>
              <th scope="col">Phone</th>
            </tr>
          </thead>
          <tbody>
            {shift.volunteers.map((volunteer) => (
              <tr key={volunteer.id}>
                <Box component="th" scope="row" sx={{ fontWeight: 'normal' }}>
                  {volunteer.name}
                </Box>
                <td data-label="SV ID">{volunteer.svid}</td>
                <td data-label="Phone">
                  {volunteer.phoneNumber ? (
                    <Link href={telHref(volunteer.phoneNumber)} aria-label={`Call ${volunteer.name}, ${volunteer.phoneNumber}`}>
                      {volunteer.phoneNumber}
                    </Link>
                  ) : (
                    <Typography component="span" variant="body2" color="text.secondary">
                      {NO_PHONE}
                    </Typography>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </Box>
      )}
    </Paper>
  );
}

/** The paper version: one sign-in table per shift, with phone numbers and In, Out and Signature columns. */
function RosterOnPaper({ roster }: { roster: VenueDayRoster }) {
  return (
    <PrintSheet testId="print-venue-roster">
      <Typography variant="h5" component="h2">
        Roster: {roster.venue.name}
      </Typography>
      <Typography>
        {longDay(roster.day)} (Pacific time){roster.venue.location && ` · ${roster.venue.location}`}
      </Typography>
      {roster.venue.teamLeaders.length > 0 && <Typography>Team leaders: {leadersText(roster)}</Typography>}
      {roster.shifts.length === 0 && <Typography sx={{ mt: 2 }}>There are no shifts at this venue on this day.</Typography>}
      {roster.shifts.map((shift) => (
        <Box key={shift.id} component="section" sx={{ mt: 3 }}>
          <Typography variant="h6" component="h3" sx={{ breakAfter: 'avoid' }}>
            {shiftTitle(shift)}
          </Typography>
          <Typography variant="body2">
            {filledText(shift)}
            {shift.reportTo && ` · Report to: ${shift.reportTo}`}
          </Typography>
          <SignInTable
            label={shiftTitle(shift)}
            withPhone
            rows={shift.volunteers.map((v) => ({ id: v.id, name: v.name, svid: v.svid, phone: v.phoneNumber }))}
          />
          {shift.volunteers.length === 0 && <Typography sx={{ mt: 1 }}>Nobody is assigned to this shift.</Typography>}
        </Box>
      ))}
    </PrintSheet>
  );
}

function Roster({ roster }: { roster: VenueDayRoster }) {
  return (
    <>
      <Typography color="text.secondary">
        {longDay(roster.day)} · Shift times are in Pacific time.
        {roster.venue.location && ` · ${roster.venue.location}`}
      </Typography>
      {roster.venue.teamLeaders.length > 0 && <Typography color="text.secondary">Team leaders: {leadersText(roster)}</Typography>}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, my: 2 }}>
        <Button variant="contained" startIcon={<PrintIcon />} onClick={() => window.print()}>
          Print roster
        </Button>
        <Button variant="outlined" component={RouterLink} to={`${SCHEDULE_PATHS.teamLeader}?${new URLSearchParams({ day: roster.day })}`}>
          Back to Schedule
        </Button>
      </Box>
      {roster.shifts.length === 0 ? (
        <Typography>There are no shifts at this venue on this day.</Typography>
      ) : (
        <Stack spacing={2}>
          {roster.shifts.map((shift) => (
            <ShiftOnScreen key={shift.id} shift={shift} />
          ))}
        </Stack>
      )}
      <RosterOnPaper roster={roster} />
    </>
  );
}

/** The venue and day asked for in the address (`?venue=3&day=2026-08-10`), or null when either is missing or malformed. */
function useRosterChoice(): { venueId: number; day: string } | null {
  const [params] = useSearchParams();
  const venue = params.get('venue') ?? '';
  const day = params.get('day') ?? '';
  return /^[1-9]\d*$/.test(venue) && isDay(day) ? { venueId: Number(venue), day } : null;
}

/**
 * /schedule/roster?venue=&day=: the roster of one of the team leader's venues on one
 * Pacific day, for their clipboard — every shift of the day in start order with its volunteers, their
 * SV IDs and phone numbers (a tap calls on a phone). 'Print roster' prints only the roster: one table
 * per shift with empty In, Out and Signature columns.
 */
export default function RosterPage() {
  const { isTeamLeader } = useSession();
  const choice = useRosterChoice();
  const key = isTeamLeader && choice ? `roster/${choice.venueId}/${choice.day}` : null;
  const { data, loading, failed, refused, reload } = useScheduleLoad(key, () => venueDayRoster(choice!.venueId, choice!.day), {
    cache: false,
  });
  if (!isTeamLeader) return <Navigate to={SCHEDULE_PATHS.volunteer} replace />;
  const back = { to: SCHEDULE_PATHS.teamLeader, label: 'Back to Schedule' };
  return (
    <Box>
      <Typography variant="h4" component="h1" gutterBottom sx={{ overflowWrap: 'anywhere' }}>
        {data ? `Roster: ${data.venue.name}` : 'Roster'}
      </Typography>
      {!choice && (
        <ScheduleRefusal
          title="Which roster?"
          message="Open a roster from your schedule: choose a day and a venue there, then 'Roster'."
          back={back}
        />
      )}
      {refused && <ScheduleRefusal title="This roster cannot be shown" message={refused} back={back} />}
      {loading && <LoadingText text="Loading the roster..." />}
      {failed && !data && <LoadFailed what="The roster" onRetry={reload} />}
      {data && <Roster roster={data} />}
    </Box>
  );
}
