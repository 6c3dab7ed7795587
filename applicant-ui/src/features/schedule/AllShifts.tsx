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
}: ShiftListProps<T> & { day: string; shifts: readonly T[]; past: boolean }) {
  const headingId = useId();
  const dayText = formatShiftDay(day);
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 'bold', mb: 1 }}>
        {dayText}
      </Typography>
      <ShiftList
        day={day}
        shifts={shifts}
        onOpen={onOpen}
        extra={extra}
        label={past ? `Past shifts on ${dayText}` : `Shifts on ${dayText}`}
      />
    </Box>
  );
}

/**
 * Every shift in one list, as shift-work apps show it: those not over yet first, by day in start
 * order; the past ones after, the latest first, behind a button. Each opens the shift modal.
 */
export function AllShifts<T extends ScheduleShift>({
  shifts,
  now,
  none,
  onOpen,
  extra,
}: ShiftListProps<T> & { shifts: readonly T[]; now: number; none: string }) {
  const [showPast, setShowPast] = useState(false);
  const pastId = useId();
  const coming = comingShifts(shifts, now);
  const past = pastShifts(shifts, now);
  return (
    <Stack spacing={3}>
      {coming.length === 0 && <Typography>{none}</Typography>}
      {byDay(coming).map((group) => (
        <DayGroup key={group.day} day={group.day} shifts={group.shifts} past={false} onOpen={onOpen} extra={extra} />
      ))}
      {past.length > 0 && (
        <Box>
          <Button variant="outlined" onClick={() => setShowPast((shown) => !shown)} aria-expanded={showPast} aria-controls={pastId}>
            {showPast ? 'Hide past shifts' : `Show past shifts (${past.length})`}
          </Button>
          <Stack id={pastId} spacing={3} sx={{ mt: 2 }} hidden={!showPast}>
            {showPast &&
              byDay(past).map((group) => (
                <DayGroup key={group.day} day={group.day} shifts={group.shifts} past onOpen={onOpen} extra={extra} />
              ))}
          </Stack>
        </Box>
      )}
    </Stack>
  );
}
