import { Box, Typography } from '@mui/material';
import { formatShiftDay } from '@svp/domain';
import type { ReactNode } from 'react';
import type { ScheduleShift } from '../../api/types';
import { type Fact, FactList } from './FactList';
import { NOT_A_SHIFT, endTime, notAShiftReason, startTime, teamLeaderNames, timeRange } from './scheduleDays';

/** A shift's facts in the next-shift panel's order: day, start, venue and location, role, end, team leaders. */
export function shiftFacts(shift: ScheduleShift): Fact[] {
  return [
    ['Day', formatShiftDay(shift.day)],
    ['Start', startTime(shift)],
    ['Venue', shift.venue.name],
    ['Location', shift.venue.location],
    ['Role', shift.role],
    ['End', endTime(shift)],
    ['Team Leaders', teamLeaderNames(shift)],
  ];
}

/** One shift in a panel (next or current shifts); a Job Fair or Chapters Lunch entry says it is not a shift. */
export function ShiftSummary({ shift, children }: { shift: ScheduleShift; children?: ReactNode }) {
  const reason = notAShiftReason(shift);
  return (
    <Box component="article" aria-label={reason ? NOT_A_SHIFT : `${shift.role}, ${formatShiftDay(shift.day)} ${startTime(shift)}`}>
      {reason ? (
        <>
          <Typography sx={{ fontWeight: 'bold' }}>{NOT_A_SHIFT}</Typography>
          <Typography sx={{ mb: 1 }}>{reason}</Typography>
          <FactList
            facts={[
              ['Day', formatShiftDay(shift.day)],
              ['Time', timeRange(shift)],
            ]}
          />
        </>
      ) : (
        <FactList facts={shiftFacts(shift)} />
      )}
      {children}
    </Box>
  );
}
