import { Alert, Box, Button, Typography } from '@mui/material';
import { Title } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { LastUpdated } from '../common/LastUpdated';
import { LoadingText } from '../common/LoadingText';
import { useAdminQuery } from '../common/useAdminQuery';
import { useEditionSettings } from '../common/useEditionSettings';
import { useEditionChoice } from '../editions/EditionContext';
import { CompletionFunnel } from './CompletionFunnel';
import { CountCard } from './CountCard';
import { DailyChart } from './DailyChart';
import { EditionComparisonCard } from './EditionComparisonCard';
import { EditionTimeline } from './EditionTimeline';
import { NextStepCard } from './NextStepCard';
import { StatusCounts } from './StatusCounts';

// The dashboard's links (docs/product.md, "The admin panel's pages").
const SHORTCUTS = [
  { to: '/application/search', label: 'Search by user' },
  { to: '/application/search-status', label: 'Search by status' },
  { to: '/jury/assignments', label: 'Jury assignments' },
  { to: '/jury/statistics', label: 'Jury statistics' },
];

/** Application statistics at a glance: counts, per day, the funnel and per status, and beside last year's. */
export function Dashboard() {
  const statistics = useAdminQuery((api) => api.statistics(), 'statistics');
  const settings = useEditionSettings();
  const { reading } = useEditionChoice();
  const stats = statistics.data;

  return (
    <Box sx={{ py: 2, display: 'grid', gap: 2 }}>
      <Title title="Dashboard" />
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Typography component="h1" variant="h5">
          Applications
        </Typography>
        <LastUpdated at={statistics.loadedAt} onRefresh={statistics.refetch} refreshing={statistics.isPending} />
      </Box>
      {/* The season's next step is the current edition's: it would mislead beside an earlier edition's figures. */}
      {!reading && <NextStepCard />}
      <Box component="nav" aria-label="Searches and jury" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {SHORTCUTS.map(({ to, label }) => (
          <Button key={to} component={RouterLink} to={to} variant="outlined" size="small">
            {label}
          </Button>
        ))}
      </Box>
      {statistics.error && <Alert severity="error">{statistics.error.message}</Alert>}
      {!stats && statistics.isPending && <LoadingText>Loading statistics...</LoadingText>}
      {stats && (
        <>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
            <CountCard label="Applications started" value={stats.total} filter={{}} testId="count-started" />
            <CountCard label="Applications completed" value={stats.completed} filter={{ completed: true }} testId="count-completed" />
            <CountCard label="Team leader applicants" value={stats.team_leader} filter={{ teamLeader: true }} testId="count-team-leader" />
            <CountCard
              label="Financial aid applicants"
              value={stats.financial_aid}
              filter={{ financialAid: true }}
              testId="count-financial-aid"
            />
          </Box>
          <DailyChart perDay={stats.per_day} />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
            <CompletionFunnel funnel={stats.funnel} />
            <StatusCounts byStatus={stats.by_status} />
          </Box>
        </>
      )}
      <EditionComparisonCard />
      {/* The public settings are the current edition's: its timeline would mislead under an earlier edition's figures. */}
      {settings && !reading && <EditionTimeline settings={settings} />}
    </Box>
  );
}
