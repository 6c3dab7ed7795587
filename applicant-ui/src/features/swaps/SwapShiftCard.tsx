import { Paper, Typography } from '@mui/material';
import { formatShiftDay } from '@svp/domain';
import { type ReactNode, useId } from 'react';
import type { ScheduleShift } from '../../api/types';
import { type Fact, FactList } from '../schedule/FactList';
import { timeRange } from '../schedule/scheduleDays';

/** One side of a swap, titled ('You give', 'You take'): the shift's day, time, role, venue and location, or `children` when it is not known
 * yet. */
export function SwapShiftCard({
  title,
  shift,
  holder,
  children,
}: {
  title: string;
  shift: ScheduleShift | null;
  holder?: string;
  children?: ReactNode;
}) {
  const titleId = useId();
  const facts: Fact[] = shift
    ? [
        ['Day', formatShiftDay(shift.day)],
        ['Time', timeRange(shift)],
        ['Role', shift.role],
        ['Venue', shift.venue.name],
        ['Location', shift.venue.location],
        ...(holder ? ([['Held by', holder]] as Fact[]) : []),
      ]
    : [];
  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: 2, flex: 1, minWidth: 0 }}>
      <Typography id={titleId} variant="subtitle1" component="h3" sx={{ fontWeight: 'bold', mb: 1 }}>
        {title}
      </Typography>
      {shift ? <FactList facts={facts} /> : children}
    </Paper>
  );
}
