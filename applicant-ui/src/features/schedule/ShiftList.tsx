import { List, ListItem, ListItemButton, ListItemText, Paper, Typography } from '@mui/material';
import { formatShiftDay } from '@svp/domain';
import type { ReactNode } from 'react';
import type { ScheduleShift } from '../../api/types';
import { NOT_A_SHIFT, emptyDayText, notAShiftReason, timeRange } from './scheduleDays';

/**
 * One day's shifts in start order: time range, role and venue, each opening the shift modal; a Job
 * Fair or Chapters Lunch entry says it is not a shift instead. An empty day says so.
 */
export function ShiftList<T extends ScheduleShift>({
  day,
  shifts,
  onOpen,
  extra,
  label = `Shifts on ${formatShiftDay(day)}`,
}: {
  day: string;
  shifts: readonly T[];
  onOpen: (shift: T) => void;
  /** More to show under a shift (e.g. how many volunteers it has). */
  extra?: (shift: T) => ReactNode;
  /** What screen readers call the list. */
  label?: string;
}) {
  // Nothing more to say of a shift adds no separator.
  const more = (shift: T) => extra?.(shift) || null;
  if (!shifts.length) return <Typography sx={{ py: 2 }}>{emptyDayText(day)}</Typography>;
  return (
    <Paper variant="outlined">
      <List disablePadding aria-label={label}>
        {shifts.map((shift, i) => {
          const reason = notAShiftReason(shift);
          const divider = i < shifts.length - 1;
          if (reason) {
            return (
              <ListItem key={shift.id} divider={divider}>
                <ListItemText
                  primary={NOT_A_SHIFT}
                  secondary={`${timeRange(shift)}: ${reason}`}
                  slotProps={{ primary: { sx: { fontWeight: 'bold' } } }}
                />
              </ListItem>
            );
          }
          return (
            <ListItem key={shift.id} disablePadding divider={divider}>
              <ListItemButton onClick={() => onOpen(shift)} aria-haspopup="dialog">
                <ListItemText
                  primary={`${timeRange(shift)} · ${shift.role}`}
                  secondary={
                    <>
                      {shift.venue.name}
                      {more(shift) && <> · {more(shift)}</>}
                    </>
                  }
                  slotProps={{
                    primary: { sx: { fontWeight: 'bold', overflowWrap: 'anywhere' } },
                    secondary: { sx: { overflowWrap: 'anywhere' } },
                  }}
                />
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
    </Paper>
  );
}
