import { Chip, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { formatUtc } from '../common/utcDates';
import { OUTCOME_LABELS, TRIGGER_LABELS, countsSummary } from './jobLabels';
import type { JobRunRow } from './types';

/** A job's latest runs: when, why, how it ended, what it did. */
export function JobRunsTable({ runs, title }: { runs: JobRunRow[]; title: string }) {
  if (!runs.length) {
    return (
      <Typography variant="body2" color="text.secondary">
        It has not run yet.
      </Typography>
    );
  }
  return (
    <Table size="small" aria-label={`Runs of ${title}`}>
      <TableHead>
        <TableRow>
          <TableCell>Started</TableCell>
          <TableCell>Due</TableCell>
          <TableCell>How</TableCell>
          <TableCell>Outcome</TableCell>
          <TableCell>What it did</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {runs.map((run) => {
          const outcome = OUTCOME_LABELS[run.outcome];
          const summary = countsSummary(run.counts);
          return (
            <TableRow key={run.id} data-testid={`run-${run.id}`}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatUtc(run.startedAt)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatUtc(run.dueAt)}</TableCell>
              <TableCell>
                {TRIGGER_LABELS[run.triggeredBy]}
                {run.attempts > 1 ? ` (attempt ${run.attempts})` : ''}
              </TableCell>
              <TableCell>
                <Chip size="small" label={outcome.label} color={outcome.color} />
              </TableCell>
              <TableCell>
                {summary.length ? summary.join(' · ') : '—'}
                {run.message && (
                  <Typography variant="body2" color={run.outcome === 'failed' ? 'error' : 'text.secondary'}>
                    {run.message}
                  </Typography>
                )}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
