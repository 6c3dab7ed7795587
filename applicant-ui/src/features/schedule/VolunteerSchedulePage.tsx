import { Box, Typography } from '@mui/material';
import { useState } from 'react';
import type { ScheduleShift, VolunteerSchedule } from '../../api/types';
import { useSession } from '../../state/SessionContext';
import { useSettings } from '../../state/SettingsContext';
import { LoadingText } from '../application/LoadingText';
import { ShiftSwapLinks } from '../swaps/ShiftSwapLinks';
import { useSwapRequests, useSwapsEnabled } from '../swaps/useSwapRequests';
import { AllShifts } from './AllShifts';
import { CalendarFeedPanel } from './calendar/CalendarFeedPanel';
import { DayPicker } from './DayPicker';
import { LoadFailed } from './LoadFailed';
import { ScheduleRefusal } from './ScheduleRefusal';
import { ShiftDialog } from './ShiftDialog';
import { ShiftList } from './ShiftList';
import { comingShifts, openingDay, scheduleDays, shiftCounts, shiftsOn } from './scheduleDays';
import { HoursPanel, NO_MORE_SHIFTS, NextShiftPanel } from './YourShifts';
import { SCHEDULE_VIEWS, ScheduleViews } from './ScheduleViews';
import { useQueryChoice } from './useQueryChoice';
import { useVolunteerSchedule } from './useSchedules';
import { MyCheckInCode } from '../week/MyCheckInCode';

function Schedule({ schedule }: { schedule: VolunteerSchedule }) {
  const { settings, serverNow } = useSettings();
  const { profile, isTeamLeader } = useSession();
  const swapsEnabled = useSwapsEnabled();
  const swaps = useSwapRequests(swapsEnabled);
  const now = serverNow();
  const days = scheduleDays(settings.conference.firstShiftDay, settings.conference.endDate, schedule.shifts);
  const [day, setDay] = useQueryChoice(
    'day',
    days,
    openingDay(days, settings.conference.defaultScheduleDay, comingShifts(schedule.shifts, now)),
  );
  const [view, setView] = useQueryChoice('view', SCHEDULE_VIEWS, 'day');
  const [open, setOpen] = useState<ScheduleShift | null>(null);

  return (
    <>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '2fr 1fr' }, alignItems: 'start', mb: 4 }}>
        <NextShiftPanel shifts={schedule.next_shifts} />
        <HoursPanel hours={schedule.hours} teamLeader={isTeamLeader} />
      </Box>
      {schedule.shifts.length > 0 && (
        <Box sx={{ mb: 4 }}>
          <MyCheckInCode now={now} />
        </Box>
      )}
      <Typography variant="h5" component="h2" gutterBottom>
        Your Shifts
      </Typography>
      <ScheduleViews view={view} onChange={setView} allLabel="All My Shifts">
        {view === 'day' ? (
          <>
            <Box sx={{ mb: 2 }}>
              <DayPicker days={days} value={day} onChange={setDay} counts={shiftCounts(schedule.shifts)} />
            </Box>
            <ShiftList day={day} shifts={shiftsOn(schedule.shifts, day)} onOpen={setOpen} />
          </>
        ) : (
          <AllShifts shifts={schedule.shifts} now={now} none={NO_MORE_SHIFTS} onOpen={setOpen} />
        )}
      </ScheduleViews>
      {profile && (
        <Box sx={{ mt: 4 }}>
          <CalendarFeedPanel userId={profile.id} />
        </Box>
      )}
      <ShiftDialog
        shift={open}
        onClose={() => setOpen(null)}
        actions={(shift) => (
          <ShiftSwapLinks shift={shift} ownShifts={schedule.shifts} requests={swaps.data} now={new Date(now)} swapsEnabled={swapsEnabled} />
        )}
      />
    </>
  );
}

/**
 * /schedule/sv (docs/product.md, 'Jury, schedules and swaps'): the volunteer's next shift(s), assigned hours against the
 * expectation, a day picker kept in `?day=` (opening on the day of the next shift, each day marked
 * with its number of shifts), that day's shifts, or all of them in one list (`?view=all`), and the
 * shift modal with the swap buttons (leading to the notice of how swaps are made while swapping
 * online is switched off).
 */
export default function VolunteerSchedulePage() {
  const { data, loading, failed, refused, reload } = useVolunteerSchedule();
  return (
    <Box>
      <Typography variant="h4" component="h1" gutterBottom>
        Your Schedule
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
