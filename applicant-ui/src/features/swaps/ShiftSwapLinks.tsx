import { Button } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import type { ScheduleShift, SwapRequests } from '../../api/types';
import { SWAP_LIST_PATH, swapCreatePath } from '../../components/navigation';
import { canOffer, requestsInvolving } from './swapRequests';

/**
 * The shift modal's swap buttons: swap this shift, and the swap requests with
 * how many open ones involve this shift. While swapping online is switched off both are always there
 * and lead to the notice of how swaps are made; while it is on, Swap Shift only for a shift that can be offered.
 */
export function ShiftSwapLinks({
  shift,
  ownShifts,
  requests,
  now,
  swapsEnabled,
}: {
  shift: ScheduleShift;
  ownShifts: readonly ScheduleShift[];
  requests: SwapRequests | null;
  now: Date;
  swapsEnabled: boolean;
}) {
  const involving = swapsEnabled && requests ? requestsInvolving(requests.shift_requests, shift.id) : null;
  return (
    <>
      {(!swapsEnabled || canOffer(shift, ownShifts, now)) && (
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
