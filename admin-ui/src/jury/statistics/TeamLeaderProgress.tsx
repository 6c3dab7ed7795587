import {
  Box,
  Card,
  CardContent,
  CardHeader,
  Chip,
  LinearProgress,
  Link,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  type Theme,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { formatUtc } from '../../common/utcDates';
import { type Tendency, TENDENCY_GAP, combinedDistribution, distributionMean, jurorTendency, progressPercent } from '../juryStatistics';
import type { ScoreDistribution, TeamLeaderJuryStats } from '../types';
import { ScoreDistributionBar, ScoreLegend } from './ScoreDistributionBar';
import { EmailText } from '../../common/EmailText';

const lastActivityText = (at: string | null) => (at ? formatUtc(at) : 'No scores yet');
const meanText = (distribution: ScoreDistribution) => distributionMean(distribution)?.toFixed(2) ?? '—';

function TendencyChip({ tendency }: { tendency: Tendency }) {
  if (!tendency) return null;
  return (
    <Chip
      size="small"
      variant="outlined"
      color={tendency === 'harsh' ? 'error' : 'success'}
      label={tendency === 'harsh' ? 'Harsh' : 'Lenient'}
    />
  );
}

function Progress({ scored, assigned }: { scored: number; assigned: number }) {
  const percent = progressPercent(scored, assigned);
  return (
    <Box sx={{ minWidth: 110 }}>
      <Typography variant="body2">
        {scored} / {assigned}
        <Typography component="span" variant="body2" color="text.secondary">
          {' '}
          ({percent}%)
        </Typography>
      </Typography>
      <LinearProgress
        variant="determinate"
        value={percent}
        color={percent === 100 ? 'success' : 'primary'}
        aria-hidden
        sx={{ mt: 0.5, height: 6, borderRadius: 1 }}
      />
    </Box>
  );
}

function LeaderName({ leader }: { leader: TeamLeaderJuryStats }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Link component={RouterLink} to={`/users/${leader.id}`} sx={{ fontWeight: 500 }}>
        {leader.name || leader.email}
      </Link>
      {!leader.isTeamLeader && <Chip size="small" label="No longer a team leader" sx={{ ml: 1 }} />}
      <Typography variant="caption" color="text.secondary" component="div">
        <EmailText email={leader.email} />
      </Typography>
    </Box>
  );
}

/** Per team leader: assigned, scored, last activity and the spread of the scores given, beside the jury's as a whole. */
export function TeamLeaderProgress({ teamLeaders }: { teamLeaders: TeamLeaderJuryStats[] }) {
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const everyone = combinedDistribution(teamLeaders.map((t) => t.distribution));
  const rows = teamLeaders.map((leader) => ({ leader, tendency: jurorTendency(leader.distribution, everyone) }));

  return (
    <Card variant="outlined">
      <CardHeader
        title="Team leaders"
        subheader={
          'Progress and the scores each gave. ' + `Harsh or lenient: a mean essay score ${TENDENCY_GAP} or more below or above the jury's.`
        }
        slotProps={{ title: { component: 'h2', variant: 'h6' } }}
      />
      <CardContent sx={{ display: 'grid', gap: 2, pt: 0 }}>
        <ScoreLegend />
        {teamLeaders.length === 0 ? (
          <Typography color="text.secondary">There are no team leaders yet.</Typography>
        ) : isSmall ? (
          <Box component="ul" aria-label="Team leaders" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
            <Box component="li" sx={{ p: 1.5, bgcolor: 'action.hover', borderRadius: 1, display: 'grid', gap: 1 }}>
              <Typography sx={{ fontWeight: 600 }}>All team leaders · mean {meanText(everyone)}</Typography>
              <ScoreDistributionBar distribution={everyone} label="Scores given by all team leaders" />
            </Box>
            {rows.map(({ leader, tendency }) => (
              <Box component="li" key={leader.id} sx={{ display: 'grid', gap: 1, pb: 2, borderBottom: 1, borderColor: 'divider' }}>
                <LeaderName leader={leader} />
                <Progress scored={leader.scored} assigned={leader.assigned} />
                <Typography variant="body2" color="text.secondary">
                  Last activity: {lastActivityText(leader.lastActivity)}
                </Typography>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                  <Typography variant="body2">Mean {meanText(leader.distribution)}</Typography>
                  <TendencyChip tendency={tendency} />
                </Box>
                <ScoreDistributionBar distribution={leader.distribution} label={`Scores given by ${leader.name}`} />
              </Box>
            ))}
          </Box>
        ) : (
          <TableContainer>
            <Table size="small" aria-label="Team leaders">
              <TableHead>
                <TableRow>
                  <TableCell sx={{ minWidth: 220 }}>Team leader</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>Scored / assigned</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>Last activity</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>Mean score</TableCell>
                  <TableCell sx={{ width: '28%' }}>Score distribution</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                <TableRow sx={{ bgcolor: 'action.hover' }}>
                  <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                    All team leaders
                  </TableCell>
                  <TableCell />
                  <TableCell />
                  <TableCell sx={{ fontWeight: 600 }}>{meanText(everyone)}</TableCell>
                  <TableCell>
                    <ScoreDistributionBar distribution={everyone} label="Scores given by all team leaders" />
                  </TableCell>
                </TableRow>
                {rows.map(({ leader, tendency }) => (
                  <TableRow key={leader.id}>
                    <TableCell component="th" scope="row">
                      <LeaderName leader={leader} />
                    </TableCell>
                    <TableCell>
                      <Progress scored={leader.scored} assigned={leader.assigned} />
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{lastActivityText(leader.lastActivity)}</TableCell>
                    <TableCell>
                      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                        {meanText(leader.distribution)}
                        <TendencyChip tendency={tendency} />
                      </Box>
                    </TableCell>
                    <TableCell>
                      <ScoreDistributionBar distribution={leader.distribution} label={`Scores given by ${leader.name}`} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </CardContent>
    </Card>
  );
}
