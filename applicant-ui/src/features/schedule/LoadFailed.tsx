import { Box, Button, Typography } from '@mui/material';

/** A failed load (the reason is in the danger alert) with a way to try again. */
export function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <Box sx={{ py: 2 }}>
      <Typography sx={{ mb: 1 }}>{what} could not be loaded right now.</Typography>
      <Button variant="outlined" onClick={onRetry}>
        Try again
      </Button>
    </Box>
  );
}
