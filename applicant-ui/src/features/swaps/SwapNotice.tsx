import { Alert, AlertTitle, Box, Link, Typography } from '@mui/material';
import { SWAP_MESSAGES } from '@svp/domain';
import { useSettings } from '../../state/SettingsContext';
import { BackToSchedule } from './BackToSchedule';

/** What the swap pages show while swapping online is off (docs/decisions.md, 'Shift swaps'), with the address swaps are emailed to. */
export function SwapNotice() {
  const { contactEmail } = useSettings().settings;
  return (
    <Box sx={{ py: 2 }}>
      <Alert severity="info" sx={{ mb: 2 }}>
        <AlertTitle>Shift swaps</AlertTitle>
        <Typography variant="body2">{SWAP_MESSAGES.disabled}</Typography>
        <Typography variant="body2" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
          Email the SV Office: <Link href={`mailto:${contactEmail}`}>{contactEmail}</Link>
        </Typography>
      </Alert>
      <BackToSchedule />
    </Box>
  );
}
