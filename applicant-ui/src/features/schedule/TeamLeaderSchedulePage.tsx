import ListAltIcon from '@mui/icons-material/ListAlt';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Navigate, Link as RouterLink, useLocation } from 'react-router-dom';
import type { ScheduleShift, ScheduleVenue, TeamLeaderSchedule, TeamLeaderShift } from '../../api/types';
import { SCHEDULE_PATHS, rosterPath, shiftDetailPath } from '../../components/navigation';
import { useSession } from '../../state/SessionContext';
import { useSettings } from '../../state/SettingsContext';
import { LoadingText } from '../application/LoadingText';
import { AllShifts } from './AllShifts';
import { CalendarFeedPanel } from './calendar/CalendarFeedPanel';
import { DayPicker } from './DayPicker';
import { LoadFailed } from './LoadFailed';
import { ScheduleRefusal } from './ScheduleRefusal';
import { ShiftDialog } from './ShiftDialog';
import { ShiftList } from './ShiftList';
import { ShiftSummary } from './ShiftSummary';
import { HoursPanel, NextShiftPanel } from './YourShifts';
import { comingShifts, longDay, openingDay, scheduleDays, shiftCounts, shiftsOn } from './scheduleDays';
import { SCHEDULE_VIEWS, ScheduleViews } from './ScheduleViews';
import { useQueryChoice } from './useQueryChoice';
import { useTeamLeaderSchedule } from './useSchedules';
import { VenueSelect } from './VenueSelect';
import { SHOW_ALL, inVenue, venueOptions } from './venueFilter';

/** Where the shift detail returns to: this schedule with its day and venue. */
export interface ShiftDetailState {
  from: string;
}

export const filledText = (shift: TeamLeaderShift): string =>
  `${shift.assigned} / ${shift.sv_slots} filled${shift.mine ? ' · You work this shift' : ''}`;

function ShiftDetailButton({ shift, size = 'medium' }: { shift: Pick<ScheduleShift, 'id'>; size?: 'small' | 'medium' }) {
  const location = useLocation();
  const state: ShiftDetailState = { from: `${location.pathname}${location.search}` };
  return (
    <Button variant="contained" size={size} component={RouterLink} to={shiftDetailPath(shift.id)} state={state}>
      Shift detail
    </Button>
  );
}

function ShiftsPanel({ id, title, shifts, empty }: { id: string; title: string; shifts: readonly TeamLeaderShift[]; empty: string }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: 2 }}>
      <Typography id={id} variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {shifts.length === 0 && <Typography>{empty}</Typography>}
      <Stack spacing={2} divider={<Box sx={{ borderTop: 1, borderColor: 'divider' }} />}>
        {shifts.map((shift) => (
          <ShiftSummary key={shift.id} shift={shift}>
            <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 2, mt: 1 }}>
              <Typography variant="body2">{filledText(shift)}</Typography>
              <ShiftDetailButton shift={shift} size="small" />
            </Box>
          </ShiftSummary>
        ))}
      </Stack>
    </Paper>
  );
}

/** The way to the printable roster of each venue shown (the venue filter's) on the day shown. */
function RosterLinks({ venues, day }: { venues: readonly ScheduleVenue[]; day: string }) {
  if (!venues.length) return null;
  return (
    <Box
      component="nav"
      aria-label={`Rosters for ${longDay(day)}`}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 2 }}
    >
      <Typography variant="body2" color="text.secondary">
        Rosters to print, with phone numbers:
      </Typography>
      {venues.map((venue) => (
        <Button
          key={venue.id}
          variant="outlined"
          size="small"
          startIcon={<ListAltIcon />}
          component={RouterLink}
          to={rosterPath(venue.id, day)}
        >
          Roster: {venue.name}
        </Button>
      ))}
    </Box>
  );
}

function Schedule({ schedule }: { schedule: TeamLeaderSchedule }) {
  const { settings, serverNow } = useSettings();
  const { profile } = useSession();
  const now = serverNow();
  const days = scheduleDays(settings.conference.firstShiftDay, settings.conference.endDate, schedule.shifts);
  const venues = venueOptions(schedule.venues);
  const [venue, setVenue] = useQueryChoice('venue', venues, SHOW_ALL);
  const atVenue = schedule.shifts.filter((shift) => inVenue(shift, venue));
  // The next shift at any of the venues: choosing a venue does not move the day.
  const [day, setDay] = useQueryChoice(
    'day',
    days,
    openingDay(days, settings.conference.defaultScheduleDay, comingShifts(schedule.shifts, now)),
  );
  const [view, setView] = useQueryChoice('view', SCHEDULE_VIEWS, 'day');
  const [open, setOpen] = useState<TeamLeaderShift | ScheduleShift | null>(null);
  const led = new Set(schedule.venues.map((v) => v.id));
  // A shift of a venue they lead has its detail; one elsewhere (an organiser's exception) only its summary.
  const detail = (shift: ScheduleShift) => (led.has(shift.venue.id) ? <ShiftDetailButton shift={shift} size="small" /> : null);

  return (
    <>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '2fr 1fr' }, alignItems: 'start', mb: 4 }}>
        <NextShiftPanel shifts={schedule.my_next_shifts}>{detail}</NextShiftPanel>
        <HoursPanel hours={schedule.hours} teamLeader />
      </Box>
      <Typography variant="h5" component="h2" gutterBottom>
        Your Shifts
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        The shifts you work yourself. Team leaders work at the venues they lead; an organiser may place you elsewhere.
      </Typography>
      <Box sx={{ mb: 4 }}>
        <AllShifts
          shifts={schedule.my_shifts}
          now={now}
          none="You hold no shifts of your own yet."
          onOpen={setOpen}
          extra={(shift) => (led.has(shift.venue.id) ? null : 'Not at a venue you lead')}
          what="your shifts"
        />
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
          alignItems: 'start',
          mb: 4,
        }}
      >
        <ShiftsPanel
          id="current-shifts-title"
          title="Under Way at Your Venues"
          shifts={schedule.current_shifts}
          empty="No shift is under way right now."
        />
        <ShiftsPanel
          id="next-shifts-title"
          title="Next at Your Venues"
          shifts={schedule.next_shifts}
          empty="There are no more shifts at your venues."
        />
      </Box>
      <Typography variant="h5" component="h2" gutterBottom>
        Shifts at Your Venues
      </Typography>
      {schedule.venues.length === 0 && <Typography sx={{ mb: 2 }}>You do not lead a venue yet, so there are no shifts to show.</Typography>}
      <ScheduleViews view={view} onChange={setView} allLabel="All Shifts">
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { md: 'center' } }}>
          {view === 'day' && <DayPicker days={days} value={day} onChange={setDay} counts={shiftCounts(atVenue)} />}
          <VenueSelect venues={venues} value={venue} onChange={setVenue} sx={{ minWidth: 220 }} />
        </Stack>
        {view === 'day' && <RosterLinks venues={schedule.venues.filter((v) => inVenue({ venue: v }, venue))} day={day} />}
        {view === 'day' ? (
          <ShiftList day={day} shifts={shiftsOn(atVenue, day)} onOpen={setOpen} extra={filledText} />
        ) : (
          <AllShifts shifts={atVenue} now={now} none="There are no more shifts at your venues." onOpen={setOpen} extra={filledText} />
        )}
      </ScheduleViews>
      {profile && (
        <Box sx={{ mt: 4 }}>
          <CalendarFeedPanel userId={profile.id} />
        </Box>
      )}
      <ShiftDialog shift={open} onClose={() => setOpen(null)} actions={(shift) => detail(shift)} />
    </>
  );
}

/**
 * /schedule/tl (docs/product.md, 'Jury, schedules and swaps'): the team leader's own next shift and hours (against the
 * team leaders' expectation) and every shift they hold, wherever it is; then current and next shifts of their venues, a day
 * picker (opening on the day of the next shift, each day marked with its number of shifts) and a
 * venue filter kept in the query, that day's shifts with how full they are, or all of them in one
 * list (`?view=all`), and the shift modal with the way to the shift detail.
 */
export default function TeamLeaderSchedulePage() {
  const { isTeamLeader } = useSession();
  const { data, loading, failed, refused, reload } = useTeamLeaderSchedule(isTeamLeader);
  if (!isTeamLeader) return <Navigate to={SCHEDULE_PATHS.volunteer} replace />;
  return (
    <Box>
      <Typography variant="h4" component="h1" gutterBottom>
        Team Leader Schedule
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Shift times are in Pacific time.
      </Typography>
      {refused && (
        <ScheduleRefusal title="Your schedule cannot be shown" message={refused} back={{ to: '/dashboard', label: 'Back to Dashboard' }} />
      )}
      {loading && <LoadingText text="Loading your schedule..." />}
      {failed && !data && <LoadFailed what="Your schedule" onRetry={reload} />}
      {data && <Schedule schedule={data} />}
    </Box>
  );
}
