import { Box, Typography } from '@mui/material';
import { ESSAY_SCORES } from '@svp/domain';
import { distributionShares, distributionTotal } from '../juryStatistics';
import type { ScoreDistribution } from '../types';

/** From 1 (red) to 5 (green), so a harsh juror's bar leans red and a lenient one's green. */
export const SCORE_COLOURS: Record<number, string> = {
  1: '#c62828',
  2: '#ef6c00',
  3: '#9e9e9e',
  4: '#7cb342',
  5: '#2e7d32',
};

/** One stacked bar of how often each essay score was given; the counts are its accessible name. */
export function ScoreDistributionBar({ distribution, label }: { distribution: ScoreDistribution; label: string }) {
  const shares = distributionShares(distribution);
  const total = distributionTotal(distribution);
  const description = total ? shares.map((s) => `${s.score}: ${s.count}`).join(', ') : 'no scores yet';
  return (
    <Box
      role="img"
      aria-label={`${label}: ${description}`}
      sx={{ display: 'flex', height: 14, minWidth: 120, width: '100%', borderRadius: 1, overflow: 'hidden', bgcolor: 'action.hover' }}
    >
      {shares
        .filter((s) => s.count > 0)
        .map((s) => (
          <Box
            key={s.score}
            title={`Score ${s.score}: ${s.count} (${Math.round(s.percent)}%)`}
            sx={{ width: `${s.percent}%`, bgcolor: SCORE_COLOURS[s.score] }}
          />
        ))}
    </Box>
  );
}

/** The colour key for the bars. */
export function ScoreLegend() {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }} aria-hidden>
      <Typography variant="body2" color="text.secondary">
        Essay scores:
      </Typography>
      {ESSAY_SCORES.map((score) => (
        <Box key={score} sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <Box sx={{ width: 12, height: 12, borderRadius: 0.5, bgcolor: SCORE_COLOURS[score] }} />
          <Typography variant="body2">{score}</Typography>
        </Box>
      ))}
    </Box>
  );
}
