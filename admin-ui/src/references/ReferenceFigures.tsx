import { Box, Card, CardContent, CardHeader, Typography } from '@mui/material';
import type { ReferenceStatistics } from '../jury/types';
import { formatRating } from './labels';

const FIGURES: { key: Exclude<keyof ReferenceStatistics, 'averageRating'>; label: string }[] = [
  { key: 'requested', label: 'Requested, no answer yet' },
  { key: 'received', label: 'Received' },
  { key: 'declined', label: 'Declined' },
  { key: 'notReachable', label: 'Not reachable' },
  { key: 'withdrawn', label: 'Withdrawn' },
];

/** The references on the jury statistics page: how many are in each state, and the average rating of those received. */
export function ReferenceFigures({ references }: { references: ReferenceStatistics }) {
  const figures = [
    ...FIGURES.map(({ key, label }) => ({ label, value: String(references[key] ?? 0) })),
    { label: 'Average rating', value: formatRating(references.averageRating) },
  ];
  return (
    <Card variant="outlined">
      <CardHeader title="References" slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
      <CardContent sx={{ pt: 0 }}>
        <Box
          component="dl"
          aria-label="Reference figures"
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(6, 1fr)' }, m: 0 }}
        >
          {figures.map(({ label, value }) => (
            <Box key={label}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" variant="h5" sx={{ m: 0 }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}
