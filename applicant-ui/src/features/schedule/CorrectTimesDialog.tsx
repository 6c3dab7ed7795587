import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, TextField } from '@mui/material';
import { RECORD_MESSAGES, formatShiftDay, pacificTime } from '@svp/domain';
import { useState } from 'react';
import type { ScheduleShift } from '../../api/types';
import { useSettings } from '../../state/SettingsContext';
import { TIME_NOTE_MAX_LENGTH, type TimeCorrection, instantNear } from './performanceForm';

/** The dialog's own messages; the server says the same in its field errors. */
export const CORRECTION_MESSAGES = {
  checkInRequired: 'Enter the check-in time. To undo a check-in, untick Check In instead.',
  noSuchTime: 'This time does not exist on that day (the clocks change).',
  outBeforeIn: 'Check-out must be after check-in.',
  noteRequired: 'Say why the time is corrected.',
} as const;

/** The times the dialog opens with (ISO instants or null) and the last reason given. */
export interface CorrectionStart {
  check_in_at: string | null;
  check_out_at: string | null;
  time_note: string;
}

interface Fields {
  checkIn: string;
  checkOut: string;
  note: string;
}

const wallClock = (iso: string | null): string => (iso ? pacificTime(new Date(iso)) : '');

/** What is wrong with the typed times; `now` is the server's clock: a time later than now has not happened (the server's own words). */
function problems(
  fields: Fields,
  shift: Pick<ScheduleShift, 'starts_at' | 'ends_at'>,
  now: number,
): { errors: Partial<Fields>; correction: TimeCorrection | null } {
  const errors: Partial<Fields> = {};
  const checkInAt = fields.checkIn ? instantNear(fields.checkIn, shift.starts_at) : null;
  const checkOutAt = fields.checkOut ? instantNear(fields.checkOut, shift.ends_at) : null;
  const later = (at: string | null) => at !== null && Date.parse(at) > now;
  if (!fields.checkIn) errors.checkIn = CORRECTION_MESSAGES.checkInRequired;
  else if (!checkInAt) errors.checkIn = CORRECTION_MESSAGES.noSuchTime;
  else if (later(checkInAt)) errors.checkIn = RECORD_MESSAGES.laterThanNow('check-in', new Date(now));
  if (fields.checkOut && !checkOutAt) errors.checkOut = CORRECTION_MESSAGES.noSuchTime;
  else if (later(checkOutAt)) errors.checkOut = RECORD_MESSAGES.laterThanNow('check-out', new Date(now));
  else if (checkInAt && checkOutAt && Date.parse(checkOutAt) <= Date.parse(checkInAt)) errors.checkOut = CORRECTION_MESSAGES.outBeforeIn;
  if (!fields.note.trim()) errors.note = CORRECTION_MESSAGES.noteRequired;
  const ok = Object.keys(errors).length === 0 && checkInAt !== null;
  return { errors, correction: ok ? { check_in_at: checkInAt, check_out_at: checkOutAt, time_note: fields.note.trim() } : null };
}

/** The Pacific day a typed time falls on, so a shift past midnight shows which day is meant. */
function dayHint(time: string, anchor: string): string | undefined {
  const at = time ? instantNear(time, anchor) : null;
  return at ? `On ${formatShiftDay(new Date(at))}, Pacific time` : undefined;
}

/**
 * 'Correct times' for one volunteer: the check-in and check-out wall-clock times in
 * Pacific time, placed on the shift's day (or the next or previous one, whichever is nearest the
 * shift), never later than now, and the required reason. The correction goes into the page's form
 * and is saved with it.
 */
export function CorrectTimesDialog({
  open,
  who,
  index,
  shift,
  start,
  onApply,
  onClose,
}: {
  open: boolean;
  who: string;
  index: number;
  shift: Pick<ScheduleShift, 'starts_at' | 'ends_at'>;
  start: CorrectionStart;
  onApply: (correction: TimeCorrection) => void;
  onClose: () => void;
}) {
  const initial = (): Fields => ({ checkIn: wallClock(start.check_in_at), checkOut: wallClock(start.check_out_at), note: start.time_note });
  const [fields, setFields] = useState<Fields>(initial);
  const [tried, setTried] = useState(false);
  const { serverNow } = useSettings();
  // Opened again: start from the times shown on the page now.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setFields(initial());
      setTried(false);
    }
  }
  const { errors, correction } = problems(fields, shift, serverNow());
  const shown = tried ? errors : {};
  const id = `correct-times-${index}`;
  const set = (key: keyof Fields) => (event: { target: { value: string } }) =>
    setFields((previous) => ({ ...previous, [key]: event.target.value }));

  const apply = () => {
    setTried(true);
    if (correction) onApply(correction);
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`}>
      <DialogTitle id={`${id}-title`}>Correct times for {who}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`} sx={{ mb: 2 }}>
          Times are in Pacific time. The corrected times are saved with the other records when you press Save and Return.
        </DialogContentText>
        <Stack spacing={2}>
          <TextField
            id={`${id}-in`}
            label="Check-in time"
            type="time"
            required
            value={fields.checkIn}
            onChange={set('checkIn')}
            error={Boolean(shown.checkIn)}
            helperText={shown.checkIn ?? dayHint(fields.checkIn, shift.starts_at)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            id={`${id}-out`}
            label="Check-out time"
            type="time"
            value={fields.checkOut}
            onChange={set('checkOut')}
            error={Boolean(shown.checkOut)}
            helperText={
              shown.checkOut ?? dayHint(fields.checkOut, shift.ends_at) ?? 'Leave empty while the volunteer is still on the shift.'
            }
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            id={`${id}-note`}
            label="Why are the times corrected?"
            required
            multiline
            minRows={2}
            value={fields.note}
            onChange={set('note')}
            error={Boolean(shown.note)}
            helperText={shown.note}
            slotProps={{ htmlInput: { maxLength: TIME_NOTE_MAX_LENGTH } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={apply}>
          Use these times
        </Button>
      </DialogActions>
    </Dialog>
  );
}
