import { Box, Button, CircularProgress, Link, Stack, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { endpoints } from '../../api/endpoints';
import type { ApplicationStatistics } from '../../api/types';
import { useAlerts } from '../../state/AlertsContext';
import { DashboardCard } from './DashboardLayout';

/** The admin dashboard's ways into the admin panel, a separate app served at /admin. */
export const ADMIN_PANEL_LINKS = [
  { label: 'Search by user', href: '/admin/application/search' },
  { label: 'Search by status', href: '/admin/application/search-status' },
  { label: 'Jury assignments', href: '/admin/jury/assignments' },
  { label: 'Jury statistics', href: '/admin/jury/statistics' },
] as const;

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'loaded'; statistics: ApplicationStatistics };

function useApplicationStatistics() {
  const { showError } = useAlerts();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    setLoad({ state: 'loading' });
    endpoints.applicationStatistics().then(
      (statistics) => current && setLoad({ state: 'loaded', statistics }),
      (error: unknown) => {
        if (!current) return;
        setLoad({ state: 'failed' });
        showError(error);
      },
    );
    return () => {
      current = false;
    };
  }, [attempt, showError]);

  return { load, retry: useCallback(() => setAttempt((n) => n + 1), []) };
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <Box sx={{ flex: '1 1 0', minWidth: 120 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="h4" sx={{ m: 0 }}>
        {value.toLocaleString('en-US')}
      </Typography>
    </Box>
  );
}

/**
 * The admin dashboard for administrators: counts of applications started,
 * completed and with a team leader application, and links into the admin panel.
 */
export function AdminCard() {
  const { load, retry } = useApplicationStatistics();
  return (
    <DashboardCard
      title="Admin Dashboard"
      wide
      actions={
        <Button variant="contained" color="secondary" href="/admin">
          Open the admin panel
        </Button>
      }
    >
      {load.state === 'loading' && (
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <CircularProgress size={24} aria-hidden />
          <Typography>Loading statistics...</Typography>
        </Box>
      )}
      {load.state === 'failed' && (
        <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography>The application counts could not be loaded right now.</Typography>
          <Button variant="outlined" onClick={retry}>
            Try again
          </Button>
        </Stack>
      )}
      {load.state === 'loaded' && (
        <Stack component="dl" direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 2, m: 0 }}>
          <Count label="Applications started" value={load.statistics.total} />
          <Count label="Applications completed" value={load.statistics.completed} />
          <Count label="Team leader applicants" value={load.statistics.team_leader} />
        </Stack>
      )}
      <Box component="nav" aria-label="Admin panel" sx={{ mt: 2 }}>
        <Stack
          component="ul"
          direction={{ xs: 'column', sm: 'row' }}
          useFlexGap
          sx={{ flexWrap: 'wrap', gap: { xs: 1, sm: 3 }, listStyle: 'none', p: 0, m: 0 }}
        >
          {ADMIN_PANEL_LINKS.map((link) => (
            <li key={link.href}>
              <Link href={link.href}>{link.label}</Link>
            </li>
          ))}
        </Stack>
      </Box>
    </DashboardCard>
  );
}
