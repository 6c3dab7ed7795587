import BlockIcon from '@mui/icons-material/Block';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useId, useState } from 'react';
import { useDataProvider, useNotify, useRecordContext, useRefresh } from 'react-admin';
import type { AdminDataProvider } from '../dataProvider';
import { swapStatusOf } from './labels';
import type { ShiftSwapRow } from './types';

export const SWAP_CANCELLED = 'Shift swap request cancelled';

/**
 * Cancels the record's swap request while it is open, after a confirmation: both volunteers keep
 * their shifts. Shown for open requests only. Clicks stay here, so a list row does not expand.
 */
export function CancelSwapButton() {
  const record = useRecordContext<ShiftSwapRow>();
  const api = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  if (!record || swapStatusOf(record) !== 'open') return null;

  const cancel = async () => {
    setPending(true);
    try {
      await api.cancelShiftSwap(record.id);
      notify(SWAP_CANCELLED, { type: 'success' });
    } catch (error) {
      // 409: it was accepted, declined or deleted meanwhile; the refreshed row shows what happened.
      notify(error instanceof Error ? error.message : 'Unable to cancel the swap request', { type: 'error' });
    } finally {
      setPending(false);
      setOpen(false);
      refresh();
    }
  };

  return (
    <span onClick={(event) => event.stopPropagation()}>
      <Button size="small" color="error" startIcon={<BlockIcon />} onClick={() => setOpen(true)} aria-haspopup="dialog">
        Cancel
      </Button>
      <Dialog open={open} onClose={pending ? undefined : () => setOpen(false)} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>Cancel swap request #{record.id}?</DialogTitle>
        <DialogContent>
          <DialogContentText>Both volunteers keep the shifts they have now, and the request cannot be opened again.</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} disabled={pending}>
            Keep it
          </Button>
          <Button color="error" variant="contained" onClick={() => void cancel()} disabled={pending}>
            {pending ? 'Cancelling...' : 'Cancel request'}
          </Button>
        </DialogActions>
      </Dialog>
    </span>
  );
}
