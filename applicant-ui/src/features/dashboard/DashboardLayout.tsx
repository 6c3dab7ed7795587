import { Box, Card, CardActions, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * The dashboard's grid of cards: one column on a phone, two from the md breakpoint. Later cards
 * (jury, schedule) are DashboardCards placed in this grid by DashboardPage.
 */
export function DashboardCards({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' }, alignItems: 'start' }}
    >
      {children}
    </Box>
  );
}

/** One card of the dashboard, titled with an h2; `wide` spans the whole grid. */
export function DashboardCard({
  title,
  children,
  actions,
  wide = false,
  'data-testid': testId,
}: {
  title: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
  wide?: boolean;
  'data-testid'?: string;
}) {
  return (
    <Card component="section" variant="outlined" sx={{ gridColumn: wide ? '1 / -1' : undefined }} data-testid={testId}>
      <CardContent>
        <Typography variant="h5" component="h2" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
      {actions && (
        <CardActions sx={{ px: 2, pb: 2, flexWrap: 'wrap', gap: 1, '& > :not(style) ~ :not(style)': { ml: 0 } }}>{actions}</CardActions>
      )}
    </Card>
  );
}
