import { Box, Tab, Tabs } from '@mui/material';
import type { ReactNode } from 'react';

/** How a schedule shows its shifts: one day at a time, or all of them in one list. */
export const SCHEDULE_VIEWS = ['day', 'all'] as const;
export type ScheduleView = (typeof SCHEDULE_VIEWS)[number];

/** The tabs choosing the view ('By Day' or `allLabel`), and the panel showing it. */
export function ScheduleViews({
  view,
  onChange,
  allLabel,
  children,
}: {
  view: ScheduleView;
  onChange: (view: ScheduleView) => void;
  allLabel: string;
  children: ReactNode;
}) {
  return (
    <>
      <Tabs
        value={view}
        onChange={(_, next: ScheduleView) => onChange(next)}
        aria-label="How to show the shifts"
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="day" label="By Day" id="schedule-view-day" aria-controls="schedule-view-panel" sx={{ textTransform: 'none' }} />
        <Tab value="all" label={allLabel} id="schedule-view-all" aria-controls="schedule-view-panel" sx={{ textTransform: 'none' }} />
      </Tabs>
      <Box role="tabpanel" id="schedule-view-panel" aria-labelledby={`schedule-view-${view}`}>
        {children}
      </Box>
    </>
  );
}
