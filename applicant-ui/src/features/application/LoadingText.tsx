import { Box, CircularProgress, Typography } from '@mui/material';

/** A spinner with the kept loading words ('Getting your application...', 'Loading App...'). */
export function LoadingText({ text }: { text: string }) {
  return (
    <Box role="status" sx={{ p: 6, display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 2 }}>
      <CircularProgress size={28} aria-hidden />
      <Typography>{text}</Typography>
    </Box>
  );
}
