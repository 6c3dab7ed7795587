import { Box } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * A box whose wide table scrolls sideways inside it. Its content does not count towards the page's
 * width (react-admin's layout grows to fit its content), so on a phone the page stays phone-wide.
 */
export const scrollX = { overflowX: 'auto', contain: 'inline-size' } as const;

/** The same box for a table with nothing to focus in it: focusable itself, so a keyboard can scroll it. */
export function ScrollBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box role="region" aria-label={label} tabIndex={0} sx={scrollX}>
      {children}
    </Box>
  );
}
