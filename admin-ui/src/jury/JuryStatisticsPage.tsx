import GavelIcon from '@mui/icons-material/Gavel';
import { Alert, Box, Button, Card, CardContent, CardHeader, LinearProgress, Typography } from '@mui/material';
import { useMemo } from 'react';
import { Title } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { LastUpdated } from '../common/LastUpdated';
import { LoadingText } from '../common/LoadingText';
import { useAdminQuery } from '../common/useAdminQuery';
import { ReferenceFigures } from '../references/ReferenceFigures';
import { JuryBreadcrumbs } from './JuryBreadcrumbs';
import { progressPercent } from './juryStatistics';
import { ApplicationRanking } from './statistics/ApplicationRanking';
import { DisagreementList, RedFlagList } from './statistics/JuryAttention';
import { TeamLeaderProgress } from './statistics/TeamLeaderProgress';
import type { JuryStatistics } from './types';
import { useApplicationNames } from './useApplicationNames';
import { useNotifyError } from './useNotifyError';

function Figure({ label, value, testId }: { label: string; value: string | number; testId: string }) {
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography variant="h5" component="p" data-testid={testId}>
        {value}
      </Typography>
    </Box>
  );
}

function OverallProgress({ statistics }: { statistics: JuryStatistics }) {
  const { overall, applications } = statistics;
  const percent = progressPercent(overall.scored, overall.assigned);
  const fullyScored = applications.filter((a) => a.assigned > 0 && a.scored >= a.assigned).length;
  return (
    <Card variant="outlined">
      <CardHeader title="Overall progress" slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
      <CardContent sx={{ display: 'grid', gap: 2, pt: 0 }}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
          <Figure label="Team leaders" value={overall.teamLeaders} testId="jury-team-leaders" />
          <Figure label="Applications" value={overall.applications} testId="jury-applications" />
          <Figure label="Scores given" value={`${overall.scored} / ${overall.assigned}`} testId="jury-scored" />
          <Figure label="Applications fully scored" value={`${fullyScored} / ${overall.applications}`} testId="jury-fully-scored" />
        </Box>
        <Box>
          <LinearProgress
            variant="determinate"
            value={percent}
            color={percent === 100 ? 'success' : 'primary'}
            aria-label="Overall progress"
            sx={{ height: 10, borderRadius: 1 }}
          />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {overall.assigned === 0 ? 'Nothing is assigned yet.' : `${percent}% of the assignments are scored.`}
          </Typography>
        </Box>
      </CardContent>
    </Card>
  );
}

/** The jury at a glance (a page the earlier portal left disabled): progress, references, jurors' scores, what needs a look, the ranking. */
export function JuryStatisticsPage() {
  const statistics = useAdminQuery((api) => api.juryStatistics(), 'jury-statistics');
  const stats = statistics.data;
  const ids = useMemo(() => stats?.applications.map((a) => a.applicationId) ?? [], [stats]);
  const names = useApplicationNames(ids);

  useNotifyError(statistics.error);

  return (
    <Box sx={{ py: 2, display: 'grid', gap: 2, minWidth: 0 }}>
      <Title title="Jury Statistics" />
      <JuryBreadcrumbs current="Statistics" />
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Typography component="h1" variant="h5">
          Jury Statistics
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <LastUpdated at={statistics.loadedAt} onRefresh={statistics.refetch} refreshing={statistics.isPending} />
          <Button size="small" component={RouterLink} to="/jury/assignments" startIcon={<GavelIcon />}>
            Jury assignments
          </Button>
        </Box>
      </Box>
      {statistics.error && <Alert severity="error">The jury statistics could not be loaded. Refresh to try again.</Alert>}
      {!stats && statistics.isPending && <LoadingText>Loading jury statistics...</LoadingText>}
      {stats && (
        <>
          <OverallProgress statistics={stats} />
          {stats.references && <ReferenceFigures references={stats.references} />}
          <TeamLeaderProgress teamLeaders={stats.teamLeaders} />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}>
            <RedFlagList redFlagged={stats.redFlagged} teamLeaders={stats.teamLeaders} names={names} />
            <DisagreementList disagreements={stats.disagreements} names={names} />
          </Box>
          <ApplicationRanking statistics={stats} names={names} />
        </>
      )}
    </Box>
  );
}
