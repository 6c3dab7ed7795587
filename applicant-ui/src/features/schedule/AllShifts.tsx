import { Box, Button, Stack, Typography } from '@mui/material';
import { formatShiftDay } from '@svp/domain';
import { type ReactNode, useId, useState } from 'react';
import type { ScheduleShift } from '../../api/types';
import { ShiftList } from './ShiftList';
import { byDay, comingShifts, pastShifts } from './scheduleDays';

interface ShiftListProps<T extends ScheduleShift> {
  onOpen: (shift: T) => void;
  /** More to show under a shift (e.g. how many volunteers it has). */
  extra?: (shift: T) => ReactNode;
}

/** One day of the list: its name, then its shifts. */
function DayGroup<T extends ScheduleShift>({
  day,
  shifts,
  past,
  onOpen,
  extra,
  what,
}: ShiftListProps<T> & { day: string; shifts: readonly T[]; past: boolean; what: string }) {
  const headingId = useId();
  const dayText = formatShiftDay(day);
  const named = `${what.charAt(0).toUpperCase()}${what.slice(1)}`;
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 'bold', mb: 1 }}>
        {what === 'shifts' ? dayText : `${named} on ${dayText}`}
      </Typography>
      <ShiftList
        day={day}
        shifts={shifts}
        onOpen={onOpen}
        extra={extra}
        label={past ? `Past ${what} on ${dayText}` : `${named} on ${dayText}`}
      />
    </Box>
  );
}

/**
 * Every shift in one list, as shift-work apps show it: those not over yet first, by day in start
 * order; the past ones after, the latest first, behind a button. Each opens the shift modal. `what`
 * names the shifts in the day groups' names ('your shifts'), so two lists on one page stay apart.
 */
export function AllShifts<T extends ScheduleShift>({
  shifts,
  now,
  none,
  onOpen,
  extra,
  what = 'shifts',
}: ShiftListProps<T> & { shifts: readonly T[]; now: number; none: string; what?: string }) {
  const [showPast, setShowPast] = useState(false);
  const pastId = useId();
  const coming = comingShifts(shifts, now);
  const past = pastShifts(shifts, now);
  return (
    <Stack spacing={3}>
      {coming.length === 0 && <Typography>{none}</Typography>}
      {byDay(coming).map((group) => (
        <DayGroup key={group.day} day={group.day} shifts={group.shifts} past={false} onOpen={onOpen} extra={extra} what={what} />
      ))}
      {past.length > 0 && (
        <Box>
          <Button variant="outlined" onClick={() => setShowPast((shown) => !shown)} aria-expanded={showPast} aria-controls={pastId}>
            {showPast ? `Hide past ${what}` : `Show past ${what} (${past.length})`}
          </Button>
          <Stack id={pastId} spacing={3} sx={{ mt: 2 }} hidden={!showPast}>
            {showPast &&
              byDay(past).map((group) => (
                <DayGroup key={group.day} day={group.day} shifts={group.shifts} past onOpen={onOpen} extra={extra} what={what} />
              ))}
          </Stack>
        </Box>
      )}
    </Stack>
  );
}
