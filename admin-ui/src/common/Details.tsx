import { Box, Typography } from '@mui/material';
import { Fragment, type ReactNode } from 'react';

export type Detail = [label: string, value: ReactNode];

const isBlank = (value: ReactNode) => value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/** Label and value pairs as a description list: two columns on a wide screen, stacked on a phone. */
export function Details({ items, label }: { items: Detail[]; label?: string }) {
  return (
    <Box
      component="dl"
      aria-label={label}
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(10rem, 16rem) 1fr' },
        columnGap: 2,
        rowGap: { xs: 0.25, sm: 1 },
        m: 0,
      }}
    >
      {items.map(([name, value]) => (
        <Fragment key={name}>
          <Typography component="dt" variant="body2" color="text.secondary" sx={{ mt: { xs: 1, sm: 0 } }}>
            {name}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
            {isBlank(value) ? '—' : value}
          </Typography>
        </Fragment>
      ))}
    </Box>
  );
}

/** A titled part of a tab. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mb: 3 }}>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

export const yesNo = (value: unknown) => (value === true ? 'Yes' : value === false ? 'No' : '');
