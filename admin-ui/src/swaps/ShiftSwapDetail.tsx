import { Box, Card, CardContent } from '@mui/material';
import { formatShiftDay } from '@svp/domain';
import { useRecordContext } from 'react-admin';
import { type Detail, Details, Section, yesNo } from '../common/Details';
import { formatUtc } from '../common/utcDates';
import { shiftTimeRange } from '../schedule/labels';
import { counterpartLabel, swapKindLabel, swapPersonLabel, swapStatusLabel } from './labels';
import type { ShiftSwapRow, SwapShiftView } from './types';

function shiftDetails(shift: SwapShiftView): Detail[] {
  return [
    ['Day', formatShiftDay(shift.day)],
    ['Time (Pacific)', shiftTimeRange({ startTime: shift.start_time, endTime: shift.end_time })],
    ['Role', shift.role],
    ['Venue', shift.venue.name],
    ['Location', shift.venue.location],
    ['Swappable', yesNo(shift.swappable)],
    ['Shift ID', shift.id],
  ];
}

/** Both sides of the record's swap request, and its state: the list's expand panel and the show page. */
export function ShiftSwapDetail() {
  const row = useRecordContext<ShiftSwapRow>();
  if (!row) return null;
  return (
    <Card variant="outlined">
      <CardContent>
        <Section title="Request">
          <Details
            items={[
              ['Kind', swapKindLabel(row)],
              ['Status', swapStatusLabel(row)],
              ['Created', formatUtc(row.created_at)],
              ['Closed', row.closed_at ? formatUtc(row.closed_at) : ''],
            ]}
          />
        </Section>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}>
          <Section title="Offered shift">
            <Details label="Offered shift" items={[['Offered by', swapPersonLabel(row.sv)], ...shiftDetails(row.shift)]} />
          </Section>
          <Section title="Shift in return">
            <Details
              label="Shift in return"
              items={[
                [row.kind === 'open' ? 'Taken by' : 'Asked of', counterpartLabel(row)],
                ...(row.swapped_shift ? shiftDetails(row.swapped_shift) : ([['Shift', 'Chosen by whoever accepts']] as Detail[])),
              ]}
            />
          </Section>
        </Box>
      </CardContent>
    </Card>
  );
}
