import { Button } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import type { ScheduleShift, SwapRequests } from '../../api/types';
import { SWAP_LIST_PATH, swapCreatePath } from '../../components/navigation';
import { canOffer, requestsInvolving } from './swapRequests';

/**
 * The shift modal's swap buttons (operations-area §2): swap this shift (only a swappable one that
 * has not started), and the swap requests, with how many open ones involve this shift.
 */
export function ShiftSwapLinks({ shift, ownShifts, requests, now }: { shift: ScheduleShift; ownShifts: readonly ScheduleShift[]; requests: SwapRequests | null; now: Date }) {
  const involving = requests ? requestsInvolving(requests.shift_requests, shift.id) : null;
  return (
    <>
      {canOffer(shift, ownShifts, now) && (
        <Button variant="contained" component={RouterLink} to={swapCreatePath(shift.id)}>
          Swap Shift
        </Button>
      )}
      <Button variant="outlined" component={RouterLink} to={SWAP_LIST_PATH}>
        {involving === null ? 'Swap Requests' : `Swap Requests (${involving})`}
      </Button>
    </>
  );
}
