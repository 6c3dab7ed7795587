import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { CHECK_IN_NOTE, formatShiftDay } from '@svp/domain';
import { type ReactNode, useState } from 'react';
import type { ScheduleShift } from '../../api/types';
import { type Fact, FactList } from './FactList';
import { teamLeaderNames, timeRange } from './scheduleDays';

/**
 * The shift modal: when and where, report to, the description, the special note,
 * the team leaders and the check-in note, with Close and any `actions` the schedule adds.
 */
export function ShiftDialog<T extends ScheduleShift>({
  shift,
  onClose,
  actions,
}: {
  shift: T | null;
  onClose: () => void;
  actions?: (shift: T) => ReactNode;
}) {
  // The last shift stays rendered while the dialog fades out.
  const [shown, setShown] = useState<T | null>(shift);
  if (shift && shift !== shown) setShown(shift);
  if (!shown) return null;

  const facts: Fact[] = [
    ['Day', formatShiftDay(shown.day)],
    ['Time', timeRange(shown)],
    ['Venue', shown.venue.name],
    ['Location', shown.venue.location],
    ['Report To', shown.report_to],
    ['Description', shown.description || 'No description'],
    ...(shown.special ? ([['Special Note', shown.special]] as Fact[]) : []),
    ['Team Leaders', teamLeaderNames(shown)],
  ];
  return (
    <Dialog open={shift !== null} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="shift-dialog-title">
      <DialogTitle id="shift-dialog-title">{shown.role}</DialogTitle>
      {/* Focusable: on a phone the content scrolls, and keyboard users must reach all of it. */}
      <DialogContent dividers tabIndex={0} role="region" aria-label="Shift details">
        <FactList facts={facts} />
        <Alert severity="info" sx={{ mt: 2 }}>
          {CHECK_IN_NOTE}
        </Alert>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1, '& > :not(style) ~ :not(style)': { ml: 0 } }}>
        {actions?.(shown)}
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
