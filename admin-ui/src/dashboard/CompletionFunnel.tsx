import { Box, Card, CardContent, CardHeader, Typography } from '@mui/material';
import type { Statistics } from '../dataProvider';
import { funnelShares } from './dailySeries';

/** Profile complete → application started → completed, each as a share of the first step. */
export function CompletionFunnel({ funnel }: { funnel: Statistics['funnel'] }) {
  const steps = [
    { label: 'Profile complete', count: funnel.profile_complete },
    { label: 'Application started', count: funnel.started },
    { label: 'Application completed', count: funnel.completed },
  ];
  const shares = funnelShares(steps.map((s) => s.count));
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardHeader
        title="Completion funnel"
        subheader={`${funnel.registered} registered accounts`}
        slotProps={{ title: { component: 'h2', variant: 'h6' } }}
      />
      <CardContent>
        <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }} aria-label="Completion funnel">
          {steps.map((step, i) => (
            <li key={step.label}>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                <Typography variant="body2">{step.label}</Typography>
                <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid={`funnel-${i}`}>
                  {step.count}{' '}
                  {i > 0 && (
                    <Typography component="span" variant="body2" color="text.secondary">
                      ({shares[i]}%)
                    </Typography>
                  )}
                </Typography>
              </Box>
              <Box sx={{ mt: 0.5, height: 10, bgcolor: 'action.hover', borderRadius: 1, overflow: 'hidden' }} aria-hidden>
                <Box
                  sx={{
                    height: '100%',
                    width: `${i === 0 && step.count ? 100 : shares[i]}%`,
                    bgcolor: i === 2 ? 'success.main' : 'primary.main',
                  }}
                />
              </Box>
            </li>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}
