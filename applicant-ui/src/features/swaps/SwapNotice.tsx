import { Alert, AlertTitle, Box } from '@mui/material';
import { SWAP_MESSAGES } from '@svp/domain';
import { BackToSchedule } from './BackToSchedule';

/** What the swap pages show while swapping online is switched off (operations-area §1). */
export function SwapNotice() {
  return (
    <Box sx={{ py: 2 }}>
      <Alert severity="info" sx={{ mb: 2 }}>
        <AlertTitle>Shift swaps</AlertTitle>
        {SWAP_MESSAGES.disabled}
      </Alert>
      <BackToSchedule />
    </Box>
  );
}
