import { Box, CircularProgress, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** The kept loading texts ('Loading App...', 'Loading list of applications...'), announced politely. */
export function LoadingText({ children }: { children: ReactNode }) {
  return (
    <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, p: 3 }}>
      <CircularProgress size={20} aria-hidden />
      <Typography>{children}</Typography>
    </Box>
  );
}
