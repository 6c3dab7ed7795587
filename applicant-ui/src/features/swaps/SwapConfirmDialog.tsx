import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import { type ReactNode, useId } from 'react';
import type { ScheduleShift } from '../../api/types';
import { SwapRefusal } from './SwapRefusal';
import { SwapShiftCard } from './SwapShiftCard';

export interface SwapConfirmation {
  title: string;
  /** The volunteer's shift given; null until chosen. */
  give: ScheduleShift | null;
  /** The shift taken; null for an open request, whose return shift is not known yet. */
  take: ScheduleShift | null;
  /** Who holds the shift taken now. */
  takeFrom?: string;
  confirmLabel: string;
}

/**
 * The confirmation before a swap call: both shifts side by side (stacked on a
 * phone), anything to choose as `children`, and the confirm and cancel buttons. When the server
 * refuses, the modal stays open with the `refusal` beside the buttons, and only Close is left.
 */
export function SwapConfirmDialog({
  confirmation,
  pending,
  refusal = null,
  onConfirm,
  onClose,
  children,
}: {
  confirmation: SwapConfirmation | null;
  pending: boolean;
  refusal?: string | null;
  onConfirm: () => void;
  onClose: () => void;
  children?: ReactNode;
}) {
  const titleId = useId();
  if (!confirmation) return null;
  const { title, give, take, takeFrom, confirmLabel } = confirmation;
  return (
    <Dialog open onClose={pending ? undefined : onClose} fullWidth maxWidth="md" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {/* Focusable: on a phone the content scrolls, and keyboard users must reach all of it. */}
      <DialogContent dividers tabIndex={0} role="region" aria-label="Both shifts">
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <SwapShiftCard title="You give" shift={give}>
            <Typography>Choose which of your shifts to give below.</Typography>
          </SwapShiftCard>
          <SwapShiftCard title="You take" shift={take} holder={takeFrom}>
            <Typography>One of the shifts of the volunteer who accepts, chosen by them so that it fits your schedule.</Typography>
          </SwapShiftCard>
        </Stack>
        {!refusal && children}
        {refusal && <SwapRefusal message={refusal} />}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1, '& > :not(style) ~ :not(style)': { ml: 0 } }}>
        <Button onClick={onClose} disabled={pending}>
          {refusal ? 'Close' : 'Cancel'}
        </Button>
        {!refusal && (
          <Button variant="contained" onClick={onConfirm} disabled={pending || !give}>
            {pending ? 'Sending...' : confirmLabel}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
