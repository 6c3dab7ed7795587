import { Box, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A titled part of a confirmation step (an h3 under the step's h2). */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section">
      <Typography variant="h3" sx={{ fontSize: '1.2rem', fontWeight: 500, mb: 1 }}>
        {title}
      </Typography>
      <Stack spacing={1.5}>{children}</Stack>
    </Box>
  );
}
